/**
 * Rupee amounts as notices print them: Indian digit grouping ('12,34,567.00'), a currency mark in front ('Rs.',
 * '₹', 'INR', 'Rupees') and often '/-' behind. The demand is the notice's total: a "total" line or table row wins
 * over the first amount that follows a demand word, because tax, interest and penalty come in separate lines.
 */

const CURRENCY = String.raw`(?:₹|\bRs\.?|\bINR|\bRupees)`;
/** Digits with any comma grouping (Indian or Western) or none, optional paise. No capture groups. */
const FIGURE = String.raw`(?<![\d,])(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d{1,2})?(?![\d,])`;
/** A figure in a table cell: not a year range ('2023-24'), a serial ('(1)') or part of a reference. */
const CELL_FIGURE = String.raw`(?<![\d,.\-/(])(?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d{1,2})?(?![\d,\-/)])`;
/** An amount with its currency mark: 'Rs. 12,34,567.00', '₹ 1,25,000/-', 'INR 48,320'. */
export const AMOUNT_TOKEN = String.raw`${CURRENCY}\s?[:.-]?\s?(?:${FIGURE})(?:\s?\/-)?`;

/** '12,34,567.00' / 'Rs. 1,25,000/-' / '₹ 48320' -> '1234567.00' / '125000.00' / '48320.00'; null when not an amount. */
export function parseRupees(raw: string): string | null {
  const digits = raw
    .replace(new RegExp(`^\\s*${CURRENCY}\\s?[:.-]?\\s?`, 'i'), '')
    .replace(/\s?\/-\s*$/, '')
    .replace(/,/g, '')
    .trim();
  const match = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(digits);
  if (!match) return null;
  const rupees = match[1]!.replace(/^0+(?=\d)/, '');
  return `${rupees}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** The amounts on a line, in order: with a currency mark, or bare figures where the line is a table row. */
function amountsOn(line: string, bareFiguresToo: boolean): string[] {
  const pattern = new RegExp(bareFiguresToo ? `${AMOUNT_TOKEN}|${CELL_FIGURE}` : AMOUNT_TOKEN, 'gi');
  return [...line.matchAll(pattern)].map((match) => parseRupees(match[0])).filter((amount): amount is string => amount !== null);
}

const addRupees = (amounts: readonly string[]): string => {
  const paise = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  const text = paise.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
};

const DEMAND_WORDS = /\b(?:demand|payable|outstanding|liability|due|recoverable)\b/i;
/** Totals of things that are not the demand: a turnover, an income, a refund. */
const NOT_DEMAND_TOTALS = /\b(?:turnover|income|receipts?|refund|sales|purchases?|value of supply)\b/i;
const TOTAL_ROW = /^(?:grand\s+)?total\b/i;
/** A table's header: the words of its tax columns. */
const TABLE_HEADER = /\b(?:tax|interest|penalty|late fee)\b.*\b(?:interest|penalty|late fee|total)\b/i;

/** 'Total demand payable (Tax + Interest + Penalty): Rs. 3,20,000' -> the last amount on the line. */
function totalLineDemand(lines: readonly string[]): string | null {
  for (const line of lines) {
    if (!/\btotal\b/i.test(line) || !DEMAND_WORDS.test(line)) continue;
    const amounts = amountsOn(line, false);
    if (amounts.length > 0) return amounts[amounts.length - 1]!;
  }
  return null;
}

/**
 * A table's 'Total' row: its last figure when the table has a Total column, else the sum of its figures (tax,
 * interest and penalty columns without a total).
 */
function totalRowDemand(lines: readonly string[]): string | null {
  for (const [index, line] of lines.entries()) {
    if (!TOTAL_ROW.test(line) || NOT_DEMAND_TOTALS.test(line)) continue;
    const amounts = amountsOn(line.replace(TOTAL_ROW, ''), true);
    if (amounts.length === 0) continue;
    const header = lines
      .slice(Math.max(0, index - 12), index)
      .reverse()
      .find((candidate) => TABLE_HEADER.test(candidate));
    const hasTotalColumn = header === undefined || /\btotal\b/i.test(header);
    return hasTotalColumn || amounts.length === 1 ? amounts[amounts.length - 1]! : addRupees(amounts);
  }
  return null;
}

const DEMAND_PHRASE = new RegExp(
  String.raw`\b(?:outstanding demand|demand (?:of|raised|payable|amounting to|outstanding)|net demand|(?:amount|sum|tax) (?:payable|due)|amount of demand|ascertained (?:liability|as payable)|short payment of|liability of)\b[^₹]{0,80}?(${AMOUNT_TOKEN})`,
  'i',
);

const COMPONENT = new RegExp(String.raw`\b(tax|interest|penalty|late fee)\b[^₹\d.]{0,30}?(${AMOUNT_TOKEN})`, 'gi');

/** "Tax Rs 2,00,000 Interest Rs 1,50,000 Penalty Rs 2,00,000" with no total: the sum of the first of each. */
function componentsDemand(flat: string): string | null {
  const components = new Map<string, string>();
  for (const match of flat.matchAll(COMPONENT)) {
    const component = match[1]!.toLowerCase();
    const amount = parseRupees(match[2]!);
    if (amount && !components.has(component)) components.set(component, amount);
  }
  return components.has('tax') && components.size >= 2 ? addRupees([...components.values()]) : null;
}

/** The rupees the notice demands, or null when it demands none (a scrutiny notice, a defective-return letter). */
export function findDemand(lines: readonly string[], flat: string): string | null {
  const total = totalLineDemand(lines) ?? totalRowDemand(lines);
  if (total !== null) return total;
  const phrase = DEMAND_PHRASE.exec(flat);
  return phrase ? parseRupees(phrase[1]!) : componentsDemand(flat);
}

/** '320000.00' -> '₹3,20,000', '1234.50' -> '₹1,234.50': Indian grouping, paise only when there are some. */
export function formatRupees(amount: string): string {
  const [rupees = '0', paise = '00'] = amount.split('.');
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `₹${grouped}${paise === '00' ? '' : `.${paise}`}`;
}
