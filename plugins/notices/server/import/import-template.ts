import Papa from 'papaparse';
import { NOTICE_IMPORT_COLUMNS } from '../../shared/wire';

type ImportColumn = (typeof NOTICE_IMPORT_COLUMNS)[number];

export const IMPORT_TEMPLATE_FILE_NAME = 'notices-import-template.csv';

/** One GST and one Income Tax notice, showing both accepted date styles and an amount with Indian grouping. */
const EXAMPLES: Record<ImportColumn, string>[] = [
  {
    'Client PAN': 'AABCS1234K',
    Department: 'GST',
    'Notice Type': 'ASMT-10',
    'Reference/DIN': 'ZD270326012345X',
    'Date of Issuance': '2026-03-10',
    'Due Date': '2026-04-09',
    Description: 'Discrepancies in GSTR-1 and GSTR-3B for Apr 2024 - Mar 2025',
    Priority: 'High',
    Amount: '1,25,000.50',
  },
  {
    'Client PAN': 'ABKPN4321M',
    Department: 'Income Tax',
    'Notice Type': 'Section 143(2)',
    'Reference/DIN': 'ITBA/AST/S/143(2)/2025-26/1075432189(1)',
    'Date of Issuance': '15/03/2026',
    'Due Date': '30/03/2026',
    Description: 'Scrutiny of the return for AY 2025-26',
    Priority: 'Medium',
    Amount: '',
  },
];

/** The import template: the columns in order and two example rows. */
export function noticeImportTemplate(): string {
  return Papa.unparse({
    fields: [...NOTICE_IMPORT_COLUMNS],
    data: EXAMPLES.map((example) => NOTICE_IMPORT_COLUMNS.map((column) => example[column])),
  });
}
