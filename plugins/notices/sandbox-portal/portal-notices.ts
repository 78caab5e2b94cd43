import { createHash } from 'node:crypto';
import { addDays, daysBetween, kolkataToday } from '../../../core/plugin-api';

/** The two portals the sandbox plays: the GST portal and the Income Tax e-filing portal. */
export type SandboxPlatform = 'GST' | 'INCOME_TAX';

/** The states a notice has on the sandbox portal. */
export type SandboxNoticeStatus = 'OPEN' | 'REPLIED' | 'CLOSED';

/** A notice as the sandbox portal keeps it (before the portal's own wire format). */
export interface SandboxNotice {
  /** The portal's own id of the notice (in its URLs), stable for a login. */
  id: string;
  platform: SandboxPlatform;
  /** The GST reference number or the Income Tax DIN. */
  reference: string;
  /** 'ASMT-10', 'DRC-01', 'Section 143(2)'... */
  noticeType: string;
  title: string;
  /** The provision it is issued under, e.g. 'Section 61 of the CGST Act, 2017 read with Rule 99(1)'. */
  provision: string;
  description: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  dueOn: string;
  taxPeriod: string;
  /** Rupees with two decimals, or null when the notice demands nothing. */
  amount: string | null;
  status: SandboxNoticeStatus;
  /** The form the reply is made in, e.g. 'ASMT-11'; null when the reply is a written submission. */
  replyForm: string | null;
  /** The officer who signs the notice. */
  officer: string;
}

interface NoticeKind {
  noticeType: string;
  title: string;
  provision: string;
  replyForm: string | null;
  replyDays: number;
  demandsAmount: boolean;
  /** What the notice is about, with `{period}` and `{amount}` filled in. */
  about: string[];
}

const GST_KINDS: NoticeKind[] = [
  {
    noticeType: 'ASMT-10',
    title: 'Notice for intimating discrepancies in the return after scrutiny',
    provision: 'Section 61 of the CGST Act, 2017 read with Rule 99(1)',
    replyForm: 'ASMT-11',
    replyDays: 30,
    demandsAmount: true,
    about: [
      'Input tax credit of {amount} availed in GSTR-3B for {period} exceeds the credit available in GSTR-2B.',
      'Outward supplies of {amount} shown in the e-way bills for {period} are not reported in GSTR-1.',
    ],
  },
  {
    noticeType: 'DRC-01',
    title: 'Summary of the show cause notice',
    provision: 'Section 73(1) of the CGST Act, 2017 read with Rule 142(1)(a)',
    replyForm: 'DRC-06',
    replyDays: 30,
    demandsAmount: true,
    about: [
      'Tax of {amount} short paid for {period} on the difference between GSTR-1 and GSTR-3B, with interest under section 50.',
      'Input tax credit of {amount} on blocked credits under section 17(5) availed for {period}.',
    ],
  },
  {
    noticeType: 'DRC-01A',
    title: 'Intimation of tax ascertained as being payable under section 73(5)',
    provision: 'Section 73(5) of the CGST Act, 2017 read with Rule 142(1A)',
    replyForm: 'DRC-01A Part B',
    replyDays: 30,
    demandsAmount: true,
    about: ['Tax of {amount} ascertained as payable for {period}; pay it with interest or file your submissions in Part B.'],
  },
  {
    noticeType: 'DRC-07',
    title: 'Summary of the order',
    provision: 'Section 73(9) of the CGST Act, 2017 read with Rule 142(5)',
    replyForm: null,
    replyDays: 90,
    demandsAmount: true,
    about: ['Demand of {amount} confirmed for {period} under the order; pay it or file an appeal in APL-01 within three months.'],
  },
  {
    noticeType: 'GSTR-3A',
    title: 'Notice to return defaulter under section 46 for not filing return',
    provision: 'Section 46 of the CGST Act, 2017 read with Rule 68',
    replyForm: null,
    replyDays: 15,
    demandsAmount: false,
    about: ['The return in GSTR-3B for {period} has not been furnished; file it within 15 days to avoid a best judgement assessment.'],
  },
  {
    noticeType: 'REG-03',
    title: 'Notice for seeking additional information or clarification relating to an application',
    provision: 'Rule 9(2) of the CGST Rules, 2017',
    replyForm: 'REG-04',
    replyDays: 7,
    demandsAmount: false,
    about: ['The proof of the principal place of business filed with the amendment application is not in the name of the owner.'],
  },
  {
    noticeType: 'REG-17',
    title: 'Show cause notice for cancellation of registration',
    provision: 'Section 29(2) of the CGST Act, 2017 read with Rule 22(1)',
    replyForm: 'REG-18',
    replyDays: 7,
    demandsAmount: false,
    about: ['Returns have not been furnished for a continuous period of six months up to {period}.'],
  },
  {
    noticeType: 'REG-23',
    title: 'Show cause notice for rejection of application for revocation of cancellation of registration',
    provision: 'Section 30 of the CGST Act, 2017 read with Rule 23(2)',
    replyForm: 'REG-24',
    replyDays: 7,
    demandsAmount: false,
    about: ['The returns due up to the date of cancellation have not been filed with the application for revocation.'],
  },
  {
    noticeType: 'ADT-01',
    title: 'Notice for conducting audit',
    provision: 'Section 65 of the CGST Act, 2017 read with Rule 101(2)',
    replyForm: null,
    replyDays: 15,
    demandsAmount: false,
    about: ['An audit of the books of account and records for {period} will be conducted; keep them ready for the audit team.'],
  },
];

const INCOME_TAX_KINDS: NoticeKind[] = [
  {
    noticeType: 'Section 139(9)',
    title: 'Communication of defective return',
    provision: 'Section 139(9) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 15,
    demandsAmount: false,
    about: ['The return for {period} is defective: the audit report under section 44AB was not filed with it.'],
  },
  {
    noticeType: 'Section 142(1)',
    title: 'Notice for inquiry before assessment',
    provision: 'Section 142(1) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 15,
    demandsAmount: false,
    about: ['Furnish the bank statements, the capital account and the details of unsecured loans for {period}.'],
  },
  {
    noticeType: 'Section 143(1)(a)',
    title: 'Intimation of proposed adjustment',
    provision: 'Section 143(1)(a) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 30,
    demandsAmount: true,
    about: ['An adjustment of {amount} is proposed in the return for {period}: the deduction claimed does not match Form 26AS.'],
  },
  {
    noticeType: 'Section 143(2)',
    title: 'Notice for scrutiny assessment',
    provision: 'Section 143(2) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 15,
    demandsAmount: false,
    about: ['The return for {period} is selected for complete scrutiny: large cash deposits and the claim of a bad debt.'],
  },
  {
    noticeType: 'Section 148',
    title: 'Notice for reassessment of income escaping assessment',
    provision: 'Section 148 of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 30,
    demandsAmount: false,
    about: ['Income chargeable to tax for {period} has escaped assessment; furnish a return of income for that year.'],
  },
  {
    noticeType: 'Section 148A(b)',
    title: 'Show cause notice before issuing a notice under section 148',
    provision: 'Section 148A(b) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 14,
    demandsAmount: true,
    about: ['Information shows a purchase of immovable property of {amount} in {period} not reflected in the return.'],
  },
  {
    noticeType: 'Section 156',
    title: 'Notice of demand',
    provision: 'Section 156 of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 30,
    demandsAmount: true,
    about: ['A sum of {amount} is payable for {period} following the assessment order.'],
  },
  {
    noticeType: 'Section 245',
    title: 'Intimation of proposed set off of refund against outstanding demand',
    provision: 'Section 245 of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 30,
    demandsAmount: true,
    about: ['The refund for {period} is proposed to be set off against an outstanding demand of {amount}.'],
  },
  {
    noticeType: 'Section 270A',
    title: 'Notice for penalty for under-reporting of income',
    provision: 'Section 270A of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 15,
    demandsAmount: true,
    about: ['Income of {amount} was under-reported for {period}; show cause why a penalty should not be levied.'],
  },
  {
    noticeType: 'Section 274',
    title: 'Show cause notice for penalty',
    provision: 'Section 274 read with section 271(1)(c) of the Income-tax Act, 1961',
    replyForm: null,
    replyDays: 15,
    demandsAmount: true,
    about: ['Show cause why a penalty should not be imposed for concealment of income of {amount} for {period}.'],
  },
];

const KINDS: Record<SandboxPlatform, NoticeKind[]> = { GST: GST_KINDS, INCOME_TAX: INCOME_TAX_KINDS };

const GST_OFFICERS = ['Superintendent, Range-III, CGST Division', 'Deputy Commissioner of State Tax', 'Assistant Commissioner, CGST Division'];
const INCOME_TAX_OFFICERS = [
  'Assessment Unit, National Faceless Assessment Centre',
  'Centralized Processing Centre, Bengaluru',
  'Income Tax Officer, Ward 2(1)',
];
const GST_STATE_CODES = ['27', '29', '24', '33', '09', '36', '19', '07'];
const CHECK_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Every login's notices are issued at a steady pace counted from this day, so a notice keeps its dates for ever. */
const SCHEDULE_START = '2020-01-01';
/** Notices issued longer ago than this are archived: the portal no longer lists them. */
export const SANDBOX_ARCHIVE_AFTER_DAYS = 365;
/** The gap between two notices of one login: between two and six fall within the archive window. */
const SHORTEST_GAP_DAYS = 61;
const LONGEST_GAP_DAYS = 182;

/** A few whole numbers from a text, the same in every process. */
function numbersOf(text: string): number[] {
  const digest = createHash('sha256').update(text).digest();
  return Array.from({ length: 8 }, (_, index) => digest.readUInt32BE(index * 4));
}

const pick = <T>(values: ArrayLike<T>, number: number): T => values[number % values.length]!;

function financialYearOf(day: string): { start: number; end: number } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return { start, end: start + 1 };
}

const twoDigits = (year: number) => String(year).slice(2);

/** 'Apr 2024 - Mar 2025', or one month ('Aug 2025') for a monthly return. */
function gstPeriodBefore(issuedOn: string, monthly: boolean): string {
  const [year, month] = issuedOn.split('-').map(Number) as [number, number];
  if (monthly) {
    const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    return `${MONTHS[previous.month - 1]} ${previous.year}`;
  }
  const { start } = financialYearOf(issuedOn);
  return `Apr ${start - 1} - Mar ${start}`;
}

/** The assessment year of the return a notice issued on `issuedOn` is about: that of the last year's income. */
function assessmentYearBefore(issuedOn: string): string {
  const { start } = financialYearOf(issuedOn);
  return `AY ${start - 1}-${twoDigits(start)}`;
}

/** Rupees with two decimals; a round figure between ₹5,000 and ₹50 lakh, as demands usually are. */
function amountOf(number: number): string {
  const magnitude = [5_000, 25_000, 1_00_000, 5_00_000, 20_00_000][number % 5]!;
  const rupees = Math.round((magnitude * (100 + (Math.floor(number / 5) % 97))) / 1000) * 10;
  return `${rupees}.00`;
}

/** ₹12,34,567.00 in the Indian grouping, with 'Rs.' since the portal's PDF font has no rupee sign. */
export function indianRupees(amount: string): string {
  const [whole, paise] = amount.split('.') as [string, string?];
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `Rs. ${rest ? `${rest},${lastThree}` : lastThree}.${(paise ?? '00').padEnd(2, '0')}`;
}

function referenceOf(platform: SandboxPlatform, kind: NoticeKind, issuedOn: string, numbers: number[]): string {
  const [year, month, day] = issuedOn.split('-') as [string, string, string];
  if (platform === 'GST') {
    const serial = String(numbers[1]! % 10_000_000).padStart(7, '0');
    return `ZD${pick(GST_STATE_CODES, numbers[2]!)}${day}${month}${year.slice(2)}${serial}${pick(CHECK_LETTERS, numbers[3]!)}`;
  }
  const { start, end } = financialYearOf(issuedOn);
  const section = kind.noticeType.replace(/^Section /, '');
  if (['139(9)', '143(1)(a)', '245'].includes(section))
    return `CPC/${twoDigits(start)}${twoDigits(end)}/A6/${400_000_000 + (numbers[1]! % 99_999_999)}`;
  const unit = ['270A', '274'].includes(section) ? 'PNL' : 'AST';
  return `ITBA/${unit}/S/${section}/${start}-${twoDigits(end)}/${1_000_000_000 + (numbers[1]! % 999_999_999)}(1)`;
}

/** Open until the reply is due; after that the department has closed it, the firm has replied, or it is still open. */
function statusOf(issuedOn: string, dueOn: string, today: string, number: number): SandboxNoticeStatus {
  if (daysBetween(today, dueOn) >= 0) return 'OPEN';
  return pick<SandboxNoticeStatus>(['CLOSED', 'CLOSED', 'REPLIED', 'REPLIED', 'OPEN'], number + daysBetween(issuedOn, dueOn));
}

/** The login's `sequence`-th notice since SCHEDULE_START. */
function noticeOf(platform: SandboxPlatform, username: string, sequence: number, issuedOn: string, today: string): SandboxNotice {
  const numbers = numbersOf(`${platform}:${username.toLowerCase()}:${sequence}`);
  const kind = pick(KINDS[platform], numbers[0]!);
  const dueOn = addDays(issuedOn, kind.replyDays);
  const taxPeriod = platform === 'GST' ? gstPeriodBefore(issuedOn, kind.noticeType === 'GSTR-3A') : assessmentYearBefore(issuedOn);
  const amount = kind.demandsAmount ? amountOf(numbers[4]!) : null;
  const description = pick(kind.about, numbers[5]!)
    .replace('{period}', taxPeriod)
    .replace('{amount}', amount ? indianRupees(amount) : '');
  return {
    id: `${sequence}-${numbers[6]!.toString(36)}`,
    platform,
    reference: referenceOf(platform, kind, issuedOn, numbers),
    noticeType: kind.noticeType,
    title: kind.title,
    provision: kind.provision,
    description,
    issuedOn,
    dueOn,
    taxPeriod,
    amount,
    status: statusOf(issuedOn, dueOn, today, numbers[7]!),
    replyForm: kind.replyForm,
    officer: pick(platform === 'GST' ? GST_OFFICERS : INCOME_TAX_OFFICERS, numbers[2]!),
  };
}

/**
 * The notices the portal lists for a login on `today`, newest first: between two and six, issued within the last
 * SANDBOX_ARCHIVE_AFTER_DAYS. Everything follows from the platform and the username (any case), so every process
 * and every run sees the same notices with the same references; as the days pass, new ones arrive and old ones close.
 */
export function sandboxNoticesOf(platform: SandboxPlatform, username: string, today: string = kolkataToday()): SandboxNotice[] {
  const [gapNumber, phaseNumber] = numbersOf(`${platform}:${username.toLowerCase()}`) as [number, number];
  const gap = SHORTEST_GAP_DAYS + (gapNumber % (LONGEST_GAP_DAYS - SHORTEST_GAP_DAYS + 1));
  const phase = phaseNumber % gap;
  const latest = Math.floor((daysBetween(SCHEDULE_START, today) - phase) / gap);
  const notices: SandboxNotice[] = [];
  for (let sequence = latest; sequence >= 0; sequence -= 1) {
    const issuedOn = addDays(SCHEDULE_START, phase + sequence * gap);
    if (daysBetween(issuedOn, today) >= SANDBOX_ARCHIVE_AFTER_DAYS) break;
    notices.push(noticeOf(platform, username, sequence, issuedOn, today));
  }
  return notices;
}
