import type { Knex } from 'knex';
import { TOKENS, type PluginDemoSeedContext, type WorkspacePluginStates, addDays, kolkataToday } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../documents/server/tokens';
import { NOTICE_ENTITY, type HearingMode, type NoticeDepartment, type NoticePriority, type NoticeStatus } from '../shared/wire';
import { noticeActivity } from './activity-text';
import { NoticeAi } from './ai/notice-ai';
import { attachmentsIn } from './documents-plugin';
import { NoticeService, type NoticeActor } from './notice-service';
import { NoticeHearings, hearingSchema } from './satellites/hearings';
import { createNoticeSchema } from './schemas';
import { seedSandboxLogins } from './sync/demo-sandbox';

/** How the department numbered the notice: the GST portal's reference, an ITBA or CPC DIN, or the ROC's letter number. */
type Numbering = 'GST' | 'ITBA' | 'CPC' | 'ROC';

interface DemoNotice {
  /** Index into the demo clients (core/host/seed-demo.ts). */
  clientIndex: number;
  department: NoticeDepartment;
  noticeType: string;
  numbering: Numbering;
  /** The running number in the reference, so every reference is different. */
  serial: number;
  description: string;
  status: NoticeStatus;
  priority: NoticePriority;
  issuedDaysAgo: number;
  /** Days from the seed date (negative: already passed). */
  dueInDays: number | null;
  targetInDays?: number;
  taxPeriod: string;
  /** Rupees. */
  amount?: string;
  unassigned?: true;
  hearing?: { inDays: number; time: string | null; mode: HearingMode; notes: string };
  /** A file attached to it when the documents plugin is on. */
  attachment?: { filename: string; lines: string[] };
  /** Analysed by the built-in analyzer, so the details page shows a summary, action items and a draft reply. */
  analysed?: true;
}

/** The GST state code of each demo business (Mumbai, Bengaluru, Ahmedabad, Chennai, Noida, Hyderabad, Kolkata). */
const GST_STATE_CODES = ['27', '29', '24', '33', '09', '36', '19'];
const CHECK_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

const financialYearOf = (day: string) => {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return { start, end: start + 1 };
};

/** References shaped as each department prints them, dated by the notice's own date of issuance. */
function referenceOf(demo: DemoNotice, issued: string): string {
  const [year, month, day] = issued.split('-');
  const { start, end } = financialYearOf(issued);
  const section = demo.noticeType.replace(/^Section /, '');
  switch (demo.numbering) {
    case 'GST':
      return `ZD${GST_STATE_CODES[demo.clientIndex] ?? '27'}${day}${month}${year!.slice(2)}${String(demo.serial).padStart(7, '0')}${CHECK_LETTERS[demo.serial % CHECK_LETTERS.length]}`;
    case 'ITBA':
      return `ITBA/AST/S/${section}/${start}-${String(end).slice(2)}/${1_000_000_000 + demo.serial}(1)`;
    case 'CPC':
      return `CPC/${String(start).slice(2)}${String(end).slice(2)}/A6/${400_000_000 + demo.serial}`;
    case 'ROC':
      return `ROC/ADJ/${section}/${year}/${demo.serial}`;
  }
}

// Notices under the Income-tax Act, 2025 (in force from 1 April 2026, for tax years from 2026-27) carry that Act's
// section numbers, which follow the official table of old and new sections: 139 is now 263 (a defective return),
// 142(1) is 268(1), 143 is 270, 148A is 281 and 156 is 289. Earlier years stay under the Income-tax Act, 1961.
const DEMO_NOTICES: DemoNotice[] = [
  // ---- GST ----
  {
    clientIndex: 0,
    department: 'GST',
    noticeType: 'ASMT-10',
    numbering: 'GST',
    serial: 412_873,
    analysed: true,
    description:
      'Scrutiny of returns for FY 2024-25: input tax credit of ₹2,12,340 claimed in GSTR-3B exceeds the credit available in GSTR-2B. Explain the difference in Form ASMT-11 within 30 days.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 24,
    dueInDays: 6,
    targetInDays: 3,
    taxPeriod: 'Apr 2024 - Mar 2025',
    amount: '212340.00',
    attachment: {
      filename: 'ITC reconciliation FY 2024-25.csv',
      lines: [
        'Month,ITC as per GSTR-3B,ITC as per GSTR-2B,Difference',
        'Apr 2024,412500,405200,7300',
        'May 2024,398100,398100,0',
        'Jun 2024,455900,441650,14250',
        'Jul 2024,502300,311510,190790',
      ],
    },
  },
  {
    clientIndex: 0,
    department: 'GST',
    noticeType: 'DRC-01A',
    numbering: 'GST',
    serial: 413_102,
    description:
      'Intimation of tax ascertained under section 73: short payment of output tax of ₹86,450 on the difference between GSTR-1 and GSTR-3B for October to December 2024. Pay with interest or file objections in Part B.',
    status: 'NEW',
    priority: 'HIGH',
    issuedDaysAgo: 5,
    dueInDays: 25,
    taxPeriod: 'Oct 2024 - Dec 2024',
    amount: '86450.00',
  },
  {
    clientIndex: 0,
    department: 'GST',
    noticeType: 'GSTR-3A',
    numbering: 'GST',
    serial: 398_441,
    description:
      'Notice to a return defaulter: GSTR-3B for August 2025 not filed. File the return within 15 days to avoid a best judgement assessment.',
    status: 'RESOLVED',
    priority: 'MEDIUM',
    issuedDaysAgo: 390,
    dueInDays: -375,
    taxPeriod: 'Aug 2025',
  },
  {
    clientIndex: 1,
    department: 'GST',
    noticeType: 'DRC-01',
    numbering: 'GST',
    serial: 405_219,
    analysed: true,
    description:
      'Show cause notice under section 73 for FY 2022-23: ineligible credit on works contract services for the new factory shed (section 17(5)(c)). Demand of tax ₹4,85,620 with interest and penalty.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 41,
    dueInDays: -4,
    taxPeriod: 'Apr 2022 - Mar 2023',
    amount: '485620.00',
    hearing: {
      inDays: 9,
      time: '11:30',
      mode: 'IN_PERSON',
      notes: 'Personal hearing before the Deputy Commissioner, Bengaluru Central. Carry the works contract agreements.',
    },
  },
  {
    clientIndex: 1,
    department: 'GST',
    noticeType: 'ASMT-10',
    numbering: 'GST',
    serial: 391_770,
    description: 'Discrepancy in turnover: outward supplies in GSTR-1 lower than the e-way bills generated for FY 2023-24 by ₹14,20,000.',
    status: 'RESOLVED',
    priority: 'MEDIUM',
    issuedDaysAgo: 200,
    dueInDays: -170,
    taxPeriod: 'Apr 2023 - Mar 2024',
    amount: '255600.00',
  },
  {
    clientIndex: 2,
    department: 'GST',
    noticeType: 'REG-03',
    numbering: 'GST',
    serial: 420_055,
    description:
      'Notice seeking clarification on the amendment application: the rent agreement for the additional place of business in Vatva is not signed by the owner.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 2,
    dueInDays: 5,
    taxPeriod: 'Registration',
  },
  {
    clientIndex: 2,
    department: 'GST',
    noticeType: 'DRC-01',
    numbering: 'GST',
    serial: 386_902,
    description:
      'Show cause notice under section 74 for FY 2021-22: credit availed on invoices of a supplier whose registration was cancelled from the start.',
    status: 'PENDING',
    priority: 'HIGH',
    issuedDaysAgo: 63,
    dueInDays: -33,
    taxPeriod: 'Apr 2021 - Mar 2022',
    amount: '1148300.00',
    hearing: { inDays: 16, time: '15:00', mode: 'VIRTUAL', notes: 'Video hearing on the GST portal link sent by the officer.' },
  },
  {
    clientIndex: 3,
    department: 'GST',
    noticeType: 'REG-17',
    numbering: 'GST',
    serial: 418_614,
    description:
      'Show cause notice for cancellation of registration: returns not furnished for six consecutive months. Reply in REG-18 within 7 working days.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 4,
    dueInDays: 3,
    targetInDays: 1,
    taxPeriod: 'Registration',
  },
  {
    clientIndex: 3,
    department: 'GST',
    noticeType: 'GSTR-3A',
    numbering: 'GST',
    serial: 409_337,
    description: 'Notice to a return defaulter: GSTR-1 and GSTR-3B for September 2026 not filed.',
    status: 'EXPIRED',
    priority: 'LOW',
    issuedDaysAgo: 55,
    dueInDays: -40,
    taxPeriod: 'Sep 2026',
  },
  {
    clientIndex: 4,
    department: 'GST',
    noticeType: 'ASMT-10',
    numbering: 'GST',
    serial: 416_288,
    description: 'Export of services without payment of tax: foreign inward remittance certificates not matched for three invoices to the US parent.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 9,
    dueInDays: 21,
    taxPeriod: 'Apr 2025 - Mar 2026',
    amount: '341280.00',
  },
  {
    clientIndex: 5,
    department: 'GST',
    noticeType: 'DRC-01A',
    numbering: 'GST',
    serial: 402_951,
    description: 'Intimation of interest payable under section 50 on the delayed filing of GSTR-3B for April to June 2025.',
    status: 'RESOLVED',
    priority: 'LOW',
    issuedDaysAgo: 120,
    dueInDays: -90,
    taxPeriod: 'Apr 2025 - Jun 2025',
    amount: '18765.00',
  },
  {
    clientIndex: 5,
    department: 'GST',
    noticeType: 'REG-03',
    numbering: 'GST',
    serial: 419_406,
    description: 'Clarification sought on the new registration of the Secunderabad warehouse: electricity bill not in the name of the owner.',
    status: 'PENDING',
    priority: 'MEDIUM',
    issuedDaysAgo: 12,
    dueInDays: -5,
    unassigned: true,
    taxPeriod: 'Registration',
  },
  {
    clientIndex: 6,
    department: 'GST',
    noticeType: 'DRC-01',
    numbering: 'GST',
    serial: 399_128,
    description: 'Show cause notice for FY 2023-24: export refund of ₹1,96,400 sanctioned on goods later found to carry an export duty.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 30,
    dueInDays: 14,
    targetInDays: 10,
    taxPeriod: 'Apr 2023 - Mar 2024',
    amount: '196400.00',
    hearing: { inDays: 20, time: null, mode: 'WRITTEN', notes: 'Written submissions with the shipping bills to be filed by this date.' },
  },
  {
    clientIndex: 6,
    department: 'GST',
    noticeType: 'REG-17',
    numbering: 'GST',
    serial: 384_005,
    description: 'Show cause notice for cancellation: business found not functioning at the principal place during the physical verification.',
    status: 'RESOLVED',
    priority: 'HIGH',
    issuedDaysAgo: 240,
    dueInDays: -233,
    taxPeriod: 'Registration',
  },
  // ---- Income Tax, Income-tax Act, 1961 ----
  {
    clientIndex: 0,
    department: 'INCOME_TAX',
    noticeType: 'Section 143(2)',
    numbering: 'ITBA',
    serial: 78_345_612,
    analysed: true,
    description: 'Limited scrutiny for AY 2024-25: large cash deposits during the year and the claim of a bad debt written off.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 70,
    dueInDays: 8,
    taxPeriod: 'AY 2024-25',
  },
  {
    clientIndex: 1,
    department: 'INCOME_TAX',
    noticeType: 'Section 142(1)',
    numbering: 'ITBA',
    serial: 78_513_904,
    description:
      'Questionnaire in the scrutiny for AY 2024-25: partner capital accounts, the stock register and the confirmations of unsecured loans.',
    status: 'NEW',
    priority: 'HIGH',
    issuedDaysAgo: 6,
    dueInDays: 9,
    taxPeriod: 'AY 2024-25',
  },
  {
    clientIndex: 2,
    department: 'INCOME_TAX',
    noticeType: 'Section 148A(b)',
    numbering: 'ITBA',
    serial: 77_902_118,
    description:
      'Show cause why a notice under section 148 should not be issued for AY 2021-22: purchase of land for ₹1.2 crore reported in the SFT not reflected in the return.',
    status: 'PENDING',
    priority: 'HIGH',
    issuedDaysAgo: 18,
    dueInDays: -3,
    taxPeriod: 'AY 2021-22',
    amount: '12000000.00',
  },
  {
    clientIndex: 3,
    department: 'INCOME_TAX',
    noticeType: 'Section 143(1)(a)',
    numbering: 'CPC',
    serial: 613_488,
    description: 'Proposed adjustment in the return for AY 2025-26: deduction under section 80G not matching Form 10BE of the donee.',
    status: 'RESOLVED',
    priority: 'MEDIUM',
    issuedDaysAgo: 150,
    dueInDays: -120,
    taxPeriod: 'AY 2025-26',
    amount: '45500.00',
  },
  {
    clientIndex: 4,
    department: 'INCOME_TAX',
    noticeType: 'Section 156',
    numbering: 'ITBA',
    serial: 78_001_245,
    description: 'Notice of demand after the transfer pricing adjustment for AY 2022-23: tax and interest payable within 30 days.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 35,
    dueInDays: -5,
    taxPeriod: 'AY 2022-23',
    amount: '1875400.00',
  },
  {
    clientIndex: 5,
    department: 'INCOME_TAX',
    noticeType: 'Section 245',
    numbering: 'CPC',
    serial: 622_907,
    analysed: true,
    description: 'Intimation of proposed adjustment of the refund for AY 2025-26 against the outstanding demand of AY 2019-20.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 3,
    dueInDays: 27,
    taxPeriod: 'AY 2025-26',
    amount: '38450.00',
  },
  {
    clientIndex: 6,
    department: 'INCOME_TAX',
    noticeType: 'Section 139(9)',
    numbering: 'CPC',
    serial: 618_230,
    description:
      'Defective return for AY 2025-26: the firm is liable to audit under section 44AB but the audit report was not filed with the return.',
    status: 'EXPIRED',
    priority: 'HIGH',
    issuedDaysAgo: 80,
    dueInDays: -65,
    taxPeriod: 'AY 2025-26',
  },
  {
    clientIndex: 7,
    department: 'INCOME_TAX',
    noticeType: 'Section 143(1)(a)',
    numbering: 'CPC',
    serial: 627_115,
    analysed: true,
    description: 'Proposed adjustment for AY 2025-26: house rent allowance exemption claimed in the return differs from Form 16.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 10,
    dueInDays: 20,
    taxPeriod: 'AY 2025-26',
    amount: '21840.00',
  },
  {
    clientIndex: 7,
    department: 'INCOME_TAX',
    noticeType: 'Section 245',
    numbering: 'CPC',
    serial: 590_302,
    description: 'Intimation of adjustment of the AY 2024-25 refund against a demand of AY 2018-19 that had been paid in 2020.',
    status: 'RESOLVED',
    priority: 'LOW',
    issuedDaysAgo: 300,
    dueInDays: -270,
    taxPeriod: 'AY 2024-25',
    amount: '12300.00',
  },
  {
    clientIndex: 8,
    department: 'INCOME_TAX',
    noticeType: 'Section 148A(b)',
    numbering: 'ITBA',
    serial: 77_655_081,
    description: 'Show cause notice for AY 2022-23: sale of a flat in Jaipur for ₹84 lakh with capital gains not offered to tax.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 12,
    dueInDays: 2,
    targetInDays: 1,
    taxPeriod: 'AY 2022-23',
    amount: '8400000.00',
    attachment: {
      filename: 'Capital gains working AY 2022-23.csv',
      lines: [
        'Particulars,Amount',
        'Sale consideration,8400000',
        'Indexed cost of acquisition,5912000',
        'Long-term capital gain,2488000',
        'Exemption under section 54,2488000',
      ],
    },
  },
  {
    clientIndex: 8,
    department: 'INCOME_TAX',
    noticeType: 'Section 156',
    numbering: 'ITBA',
    serial: 76_210_339,
    description: 'Notice of demand for AY 2020-21 after the rectification order; the demand was paid and the challan uploaded.',
    status: 'RESOLVED',
    priority: 'MEDIUM',
    issuedDaysAgo: 330,
    dueInDays: -300,
    taxPeriod: 'AY 2020-21',
    amount: '64250.00',
  },
  {
    clientIndex: 9,
    department: 'INCOME_TAX',
    noticeType: 'Section 139(9)',
    numbering: 'CPC',
    serial: 624_771,
    description: 'Defective return for AY 2025-26: gross receipts from freelancing shown under salary; file the corrected ITR-4 within 15 days.',
    status: 'PENDING',
    priority: 'HIGH',
    issuedDaysAgo: 16,
    dueInDays: -1,
    taxPeriod: 'AY 2025-26',
  },
  {
    clientIndex: 10,
    department: 'INCOME_TAX',
    noticeType: 'Section 142(1)',
    numbering: 'ITBA',
    serial: 78_420_016,
    description: 'Notice to file the return for AY 2025-26: clinic receipts of ₹38 lakh reported by banks in the SFT, no return on record.',
    status: 'IN_PROGRESS',
    priority: 'HIGH',
    issuedDaysAgo: 20,
    dueInDays: 10,
    taxPeriod: 'AY 2025-26',
  },
  {
    clientIndex: 11,
    department: 'INCOME_TAX',
    noticeType: 'Section 143(2)',
    numbering: 'ITBA',
    serial: 78_101_987,
    description:
      'Complete scrutiny for AY 2024-25: deduction claimed for a new residential house under section 54F and the source of the investment.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 28,
    dueInDays: 2,
    unassigned: true,
    taxPeriod: 'AY 2024-25',
    hearing: { inDays: 30, time: '12:00', mode: 'VIRTUAL', notes: 'Video conference through the e-proceedings facility.' },
  },
  // ---- Income Tax, Income-tax Act, 2025 (tax year 2026-27) ----
  {
    clientIndex: 0,
    department: 'INCOME_TAX',
    noticeType: 'Section 268(1)',
    numbering: 'ITBA',
    serial: 79_004_410,
    description:
      'Call for information for tax year 2026-27: details of the high-value purchases reported by the suppliers before the advance tax instalment.',
    status: 'NEW',
    priority: 'MEDIUM',
    issuedDaysAgo: 1,
    dueInDays: 14,
    taxPeriod: 'Tax year 2026-27',
  },
  {
    clientIndex: 4,
    department: 'INCOME_TAX',
    noticeType: 'Section 270',
    numbering: 'ITBA',
    serial: 79_011_736,
    description: 'Scrutiny selection under the new Act for tax year 2026-27: specified domestic transactions with associated enterprises.',
    status: 'NEW',
    priority: 'HIGH',
    issuedDaysAgo: 4,
    dueInDays: 26,
    taxPeriod: 'Tax year 2026-27',
  },
  {
    clientIndex: 8,
    department: 'INCOME_TAX',
    noticeType: 'Section 289',
    numbering: 'ITBA',
    serial: 79_020_588,
    description: 'Notice of demand for tax year 2026-27: shortfall in advance tax instalments with interest.',
    status: 'PENDING',
    priority: 'MEDIUM',
    issuedDaysAgo: 7,
    dueInDays: 23,
    taxPeriod: 'Tax year 2026-27',
    amount: '27960.00',
  },
  {
    clientIndex: 9,
    department: 'INCOME_TAX',
    noticeType: 'Section 263',
    numbering: 'CPC',
    serial: 630_044,
    description: 'Defective return under the new Act for tax year 2026-27: schedule of professional receipts left blank.',
    status: 'IN_PROGRESS',
    priority: 'MEDIUM',
    issuedDaysAgo: 8,
    dueInDays: 7,
    taxPeriod: 'Tax year 2026-27',
  },
  {
    clientIndex: 2,
    department: 'INCOME_TAX',
    noticeType: 'Section 281',
    numbering: 'ITBA',
    serial: 79_032_265,
    description: 'Show cause under the new Act before a reassessment notice: information from a search on a supplier of the company.',
    status: 'NEW',
    priority: 'HIGH',
    issuedDaysAgo: 3,
    dueInDays: 12,
    targetInDays: 8,
    taxPeriod: 'Tax year 2026-27',
  },
  // ---- Compliance ----
  {
    clientIndex: 0,
    department: 'COMPLIANCE',
    noticeType: 'ROC Adjudication Notice',
    numbering: 'ROC',
    serial: 2184,
    description: 'Adjudication notice under section 454 of the Companies Act for the delayed filing of MGT-7 for FY 2024-25.',
    status: 'PENDING',
    priority: 'MEDIUM',
    issuedDaysAgo: 45,
    dueInDays: -15,
    taxPeriod: 'FY 2024-25',
    amount: '100000.00',
  },
  {
    clientIndex: 2,
    department: 'COMPLIANCE',
    noticeType: 'ROC Show Cause Notice',
    numbering: 'ROC',
    serial: 2291,
    description: 'Show cause notice for not holding the annual general meeting within the time allowed for FY 2025-26.',
    status: 'NEW',
    priority: 'HIGH',
    issuedDaysAgo: 2,
    dueInDays: 28,
    taxPeriod: 'FY 2025-26',
  },
  {
    clientIndex: 4,
    department: 'COMPLIANCE',
    noticeType: 'TDS Default Intimation',
    numbering: 'CPC',
    serial: 611_020,
    description: 'Short deduction and late payment in the 26Q statement for Q1 2026-27 as processed by TRACES; file a correction or pay the default.',
    status: 'IN_PROGRESS',
    priority: 'MEDIUM',
    issuedDaysAgo: 22,
    dueInDays: 8,
    taxPeriod: 'Q1 2026-27',
    amount: '14820.00',
  },
  {
    clientIndex: 5,
    department: 'COMPLIANCE',
    noticeType: 'ROC Adjudication Notice',
    numbering: 'ROC',
    serial: 1973,
    description: 'Adjudication notice for the delayed filing of the LLP annual return in Form 11 for FY 2023-24.',
    status: 'EXPIRED',
    priority: 'LOW',
    issuedDaysAgo: 260,
    dueInDays: -230,
    taxPeriod: 'FY 2023-24',
    amount: '25000.00',
  },
  {
    clientIndex: 1,
    department: 'COMPLIANCE',
    noticeType: 'TDS Default Intimation',
    numbering: 'CPC',
    serial: 604_377,
    description: 'Interest on late deduction in the 24Q statement for Q4 2025-26; the challan was paid and the correction filed.',
    status: 'RESOLVED',
    priority: 'LOW',
    issuedDaysAgo: 160,
    dueInDays: -130,
    taxPeriod: 'Q4 2025-26',
    amount: '6240.00',
  },
  {
    clientIndex: 3,
    department: 'INCOME_TAX',
    noticeType: 'Section 143(2)',
    numbering: 'ITBA',
    serial: 77_118_240,
    description: 'Limited scrutiny for AY 2023-24: freight expenses paid in cash above the limit of section 40A(3).',
    status: 'EXPIRED',
    priority: 'MEDIUM',
    issuedDaysAgo: 420,
    dueInDays: -400,
    taxPeriod: 'AY 2023-24',
  },
];

/**
 * About forty notices of a CA practice's clients, in every status, some overdue, a few with hearings, files and an AI
 * analysis; the assigned ones are shared out in turn among the owner and the staff.
 */
export async function seedDemoNotices(context: PluginDemoSeedContext): Promise<void> {
  const { container, membership, owner, team, clients } = context;
  await seedSandboxLogins(context);
  const notices = container.get(NoticeService);
  const noticeAi = container.get(NoticeAi);
  const hearings = new NoticeHearings(container.get<Knex>(TOKENS.Knex), notices);
  const actor: NoticeActor = { workspace: membership.workspace, userId: owner.id, role: membership.role, name: owner.name };
  const today = kolkataToday();
  const staff = [owner, ...team.filter((member) => member.role !== 'CLIENT')];
  const attachments = await attachmentsIn(
    membership.workspace.id,
    container.get<WorkspacePluginStates>(TOKENS.WorkspacePlugins),
    container.isBound(ATTACHMENT_SERVICE) ? container.get<AttachmentService>(ATTACHMENT_SERVICE) : undefined,
  );

  for (const [index, demo] of DEMO_NOTICES.entries()) {
    const client = clients[demo.clientIndex];
    if (!client) continue;
    const issued = addDays(today, -demo.issuedDaysAgo);
    const notice = await notices.create(
      actor,
      createNoticeSchema.parse({
        clientId: client.externalId,
        department: demo.department,
        noticeType: demo.noticeType,
        reference: referenceOf(demo, issued),
        description: demo.description,
        priority: demo.priority,
        status: demo.status,
        dateOfIssuance: issued,
        dueDate: demo.dueInDays === null ? null : addDays(today, demo.dueInDays),
        targetDate: demo.targetInDays === undefined ? null : addDays(today, demo.targetInDays),
        taxPeriod: demo.taxPeriod,
        amountDemanded: demo.amount ?? null,
        assignedToExternalId: demo.unassigned ? null : staff[index % staff.length]!.externalId,
      }),
    );
    if (demo.analysed) await noticeAi.process(actor, notice.externalId, { builtinOnly: true });
    if (demo.hearing) {
      const { inDays, time, mode, notes } = demo.hearing;
      await hearings.add(actor, notice.externalId, hearingSchema.parse({ hearingDate: addDays(today, inDays), hearingTime: time, mode, notes }));
    }
    if (demo.attachment && attachments) {
      await attachments.attachFile(
        { workspaceId: membership.workspace.id, entityType: NOTICE_ENTITY, entityId: notice.externalId },
        {
          filename: demo.attachment.filename,
          body: Buffer.from(`${demo.attachment.lines.join('\n')}\n`),
          directory: `notices/${notice.externalId}`,
          clientExternalId: client.externalId,
        },
        { membership, user: owner },
      );
      const row = await notices.findVisibleRow(actor, notice.externalId);
      await notices.recordActivity(actor, row, noticeActivity.attachmentAdded(demo.attachment.filename));
    }
  }
}
