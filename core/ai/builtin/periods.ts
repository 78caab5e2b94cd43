import { DATE_TOKEN, MONTH_NAME, monthFromName, parseDate, shortMonthName } from './dates';

/**
 * The period a notice is about. GST: the tax period, written back as a month range ('Apr 2023 - Mar 2024'), one
 * month ('Mar 2025') or a financial year ('2023-24'), as the notice gives it. Income Tax: the assessment year
 * ('AY 2024-25' -> '2024-25'), or the tax year of a notice under the Income-tax Act, 2025, as printed.
 */

const YEAR_PAIR = String.raw`(20\d{2})\s?[-/]\s?(\d{2}|20\d{2})(?!\d)`;
const ASSESSMENT_YEAR = new RegExp(String.raw`(?:\bassessment\s+year|\ba\.\s?y\.|\bAY|\btax\s+year)\s*[:-]?\s*${YEAR_PAIR}`, 'i');

/** '2024' + '25' or '2025' -> '2024-25' when the second year follows the first, else null. */
function financialYear(first: string, second: string): string | null {
  const start = Number(first);
  const end = second.length === 2 ? Math.floor(start / 100) * 100 + Number(second) : Number(second);
  return end === start + 1 ? `${start}-${String(end).slice(-2)}` : null;
}

export function findAssessmentYear(flat: string): string | null {
  const match = ASSESSMENT_YEAR.exec(flat);
  return match ? financialYear(match[1]!, match[2]!) : null;
}

const monthYear = (month: string, year: string): string => `${shortMonthName(monthFromName(month))} ${year}`;

const MONTH_RANGE = new RegExp(
  String.raw`^(?:from\s+)?(${MONTH_NAME})[\s,.'-]*(\d{4})\s*(?:to|-|till|upto|up to)\s*(${MONTH_NAME})[\s,.'-]*(\d{4})(?!\d)`,
  'i',
);
const DATE_RANGE = new RegExp(String.raw`^(?:from\s+)?(${DATE_TOKEN})\s*(?:to|-|till|upto|up to)\s*(${DATE_TOKEN})`, 'i');
const FINANCIAL_YEAR = new RegExp(String.raw`^(?:from\s+)?${YEAR_PAIR}`, 'i');
const ONE_MONTH = new RegExp(String.raw`^(${MONTH_NAME})[\s,.'-]*(\d{4})(?!\d)`, 'i');
/** The portal's 'MMYYYY' / 'MM/YYYY'. */
const NUMERIC_MONTH = /^(0[1-9]|1[0-2])\s?\/?\s?(20\d{2})(?!\d)/;

/** Reads the period at the start of `value`, or null. */
function parsePeriod(value: string): string | null {
  let match = MONTH_RANGE.exec(value);
  if (match) {
    const from = monthYear(match[1]!, match[2]!);
    const to = monthYear(match[3]!, match[4]!);
    return from === to ? from : `${from} - ${to}`;
  }
  match = DATE_RANGE.exec(value);
  if (match) {
    const [from, to] = [parseDate(match[1]!), parseDate(match[2]!)];
    if (from && to) {
      const name = (day: string) => `${shortMonthName(Number(day.slice(5, 7)))} ${day.slice(0, 4)}`;
      return name(from) === name(to) ? name(from) : `${name(from)} - ${name(to)}`;
    }
  }
  match = FINANCIAL_YEAR.exec(value);
  if (match) return financialYear(match[1]!, match[2]!);
  match = ONE_MONTH.exec(value);
  if (match) return monthYear(match[1]!, match[2]!);
  match = NUMERIC_MONTH.exec(value);
  if (match) return `${shortMonthName(Number(match[1]))} ${match[2]}`;
  return null;
}

const PERIOD_LABEL =
  /\b(?:tax\s+period|return\s+period|period(?:\s+of\s+(?:dispute|demand|default))?|financial\s+years?|f\.\s?y\.|FY)\s*(?:[:-]|\bis\b)?\s*/gi;

/** Without a label: "for Jan 2025", "of March, 2025", "from April 2023 to March 2024". */
const UNLABELLED = new RegExp(String.raw`\b(?:for|of|from)\s+(?:the\s+month\s+of\s+)?(?=${MONTH_NAME}[\s,.'-]*\d{4})`, 'gi');

export function findTaxPeriod(flat: string): string | null {
  for (const label of flat.matchAll(PERIOD_LABEL)) {
    const start = label.index + label[0].length;
    const period = parsePeriod(flat.slice(start, start + 80));
    if (period) return period;
  }
  for (const lead of flat.matchAll(UNLABELLED)) {
    const start = lead.index + lead[0].length;
    const period = parsePeriod(flat.slice(start, start + 80));
    if (period) return period;
  }
  return null;
}
