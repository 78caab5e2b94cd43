/**
 * The notice's text made regular enough for rules: text pulled out of a PDF comes with hard line breaks inside
 * sentences, runs of spaces from table layout, dashes and quotes in several Unicode forms, and the Rupee sign of
 * older department fonts extracted as a backtick.
 */

/** Text beyond this is not read: a notice's facts sit in its first pages, and rules over megabytes would stall a sync. */
export const MAX_ANALYSED_CHARS = 200_000;

export interface NoticeText {
  /** Lines with spaces collapsed and blank lines dropped: for labels ("Date: ...") and table rows. */
  lines: string[];
  /** All whitespace collapsed to single spaces: for sentences that the PDF broke across lines. */
  flat: string;
}

export function readNoticeText(text: string): NoticeText {
  const cleaned = text
    .slice(0, MAX_ANALYSED_CHARS)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f\t\f\v]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201b]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    // Older department fonts put the Rupee sign on the backtick's code point.
    .replace(/`\s?(?=\d)/g, '₹ ')
    // A word the PDF hyphenated at a line end.
    .replace(/([a-z])-\n\s*([a-z])/g, '$1$2');
  const lines = cleaned
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 0);
  return { lines, flat: lines.join(' ') };
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Abbreviations and numerals that stay in capitals when a line printed in capitals is re-cased. */
const KEEP_CAPITALS = new Set([
  'LLP',
  'HUF',
  'OPC',
  'AOP',
  'BOI',
  'CGST',
  'SGST',
  'IGST',
  'GST',
  'CBIC',
  'CPC',
  'ITO',
  'CIT',
  'NCT',
  'MIDC',
  'ST',
  'UT',
  'NaFAC',
]);
const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'at', 'to', 'by', 'on', 'under']);
const ROMAN_NUMERAL = /^(?=[IVX])X{0,3}(?:IX|IV|V?I{0,3})$/;

/**
 * A name or office printed in capitals ('SUNITA ENTERPRISES', 'INCOME TAX OFFICER, WARD 2(1), PUNE') re-cased for a
 * letter ('Sunita Enterprises', 'Income Tax Officer, Ward 2(1), Pune'). Text with any small letter is left alone.
 */
export function recaseCapitals(value: string): string {
  if (/[a-z]/.test(value)) return value;
  let first = true;
  return value.replace(/[A-Z]+/g, (word, offset: number, whole: string) => {
    const isFirst = first;
    first = false;
    if (word === 'S' && whole[offset - 1] === '/') return 's';
    if (KEEP_CAPITALS.has(word) || (word.length > 1 && ROMAN_NUMERAL.test(word))) return word;
    const lower = word.toLowerCase();
    if (!isFirst && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}
