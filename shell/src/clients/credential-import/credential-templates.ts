import Papa from 'papaparse';
import { CREDENTIAL_IMPORT_FIELDS } from '../../../../core/clients/credential-import-rows';
import { loadSpreadsheetLibrary } from './read-credential-file';

const TEMPLATE_NAME = 'credential-import-template';

/** Two rows as a firm would fill them in: a partnership's GST login and a person's Income Tax login (PAN as user id). */
const SAMPLE_ROWS: Record<(typeof CREDENTIAL_IMPORT_FIELDS)[number], string>[] = [
  {
    email: 'accounts@sharmatraders.example',
    platform: 'GST',
    username: 'sharmatraders_gst',
    password: 'Gst@Portal2024',
    name: 'Sharma Traders',
    phone: '9876543210',
    panNumber: 'AABFS1234K',
  },
  {
    email: 'priya.menon@example.com',
    platform: 'Income Tax',
    username: 'AKLPM4821Q',
    password: 'Itr#Secure2024',
    name: 'Priya Menon',
    phone: '9845012345',
    panNumber: 'AKLPM4821Q',
  },
];

const templateLines = (): string[][] => [
  [...CREDENTIAL_IMPORT_FIELDS],
  ...SAMPLE_ROWS.map((row) => CREDENTIAL_IMPORT_FIELDS.map((field) => row[field])),
];

export function downloadCsvTemplate(): void {
  const blob = new Blob([Papa.unparse(templateLines())], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${TEMPLATE_NAME}.csv`;
  link.click();
  // The browser has taken its copy once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url));
}

export async function downloadExcelTemplate(): Promise<void> {
  const XLSX = await loadSpreadsheetLibrary();
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(templateLines()), 'Credentials');
  XLSX.writeFile(workbook, `${TEMPLATE_NAME}.xlsx`);
}
