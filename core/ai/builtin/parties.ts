import type { NoticeKind } from './catalogue';
import { recaseCapitals, type NoticeText } from './text';

/**
 * Who issued the notice and to whom: the reply is addressed to the issuing officer as the notice names them (a
 * Superintendent's range, an Income Tax Officer's ward, the CPC, a faceless unit) and written for the addressee.
 */

export interface Addressee {
  /** The letter's first lines after "To,". */
  lines: string[];
  /** How the summary names the issuer: 'the Superintendent of Central Tax, Range-IV, Division-II, Pune'. */
  issuer: string;
}

const GST_DESIGNATION =
  /\b(?:(?:deputy|assistant|additional|joint)\s+commissioner\s+of\s+(?:central|state)\s+tax|(?:deputy|assistant|additional|joint)\s+commissioner(?:\s+\((?:audit|adjudication)\))?|superintendent(?:\s+of\s+central\s+tax)?|state\s+tax\s+officer|(?:assistant\s+)?commercial\s+tax\s+officer|goods\s+and\s+services\s+tax\s+officer|proper\s+officer)\b[^\n]{0,90}/i;
const INCOME_TAX_DESIGNATION =
  /\b(?:income[- ]?tax\s+officer|(?:deputy|assistant|joint|additional)\s+commissioner\s+of\s+income[- ]?tax|(?:ITO|DCIT|ACIT|JCIT|Addl\.?\s*CIT))\b[^\n]{0,80}/i;
const INCOME_TAX_JURISDICTION =
  /\b(?:ward|circle|range)\s*[-:]?\s*\d+\s*(?:\(\s*\d+\s*\))*(?:\s*\(\s*\d+\s*\))?(?:\s*,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)?/;
const CPC = /\bcentrali[sz]ed processing cent(?:re|er)\b|\bCPC\b/i;
const FACELESS = /\bnational faceless (?:assessment|penalty) cent(?:re|er)\b|\bNaFAC\b|\bassessment unit\b|\bpenalty unit\b|\bfaceless\b/i;

const tidy = (line: string): string =>
  recaseCapitals(
    line
      .replace(/\s*[,;:.]\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
/** A hearing's venue names an office too, but not necessarily the issuing officer's. */
const VENUE_LINE = /^\s*(?:venue|place)\b/i;

function gstAddressee(text: NoticeText): Addressee {
  const designation = text.lines
    .filter((line) => !VENUE_LINE.test(line))
    .map((line) => GST_DESIGNATION.exec(line)?.[0])
    .find((found) => found && !/^proper officer$/i.test(found.trim()));
  if (!designation) return { lines: ['The Proper Officer', '[Designation, Range / Ward / Circle]'], issuer: 'the proper officer' };
  const office = tidy(designation);
  return { lines: ['The Proper Officer', office], issuer: `the ${office}` };
}

function incomeTaxAddressee(text: NoticeText, kind: NoticeKind | null): Addressee {
  const penaltyUnit = /\bpenalty unit\b|national faceless penalty cent(?:re|er)/i.test(text.flat);
  if (penaltyUnit)
    return { lines: ['The Penalty Unit', 'National Faceless Penalty Centre, Income Tax Department'], issuer: 'the faceless Penalty Unit' };
  if (FACELESS.test(text.flat)) {
    return { lines: ['The Assessment Unit', 'National Faceless Assessment Centre, Income Tax Department'], issuer: 'the faceless Assessment Unit' };
  }
  const designation = text.lines
    .filter((line) => !VENUE_LINE.test(line))
    .map((line) => INCOME_TAX_DESIGNATION.exec(line)?.[0])
    .find(Boolean);
  const jurisdiction = INCOME_TAX_JURISDICTION.exec(text.flat)?.[0];
  if (designation || jurisdiction) {
    const office = tidy(designation ?? `Income Tax Officer, ${jurisdiction}`);
    const withJurisdiction =
      jurisdiction && !office.toLowerCase().includes(jurisdiction.toLowerCase().split(',')[0]!.trim()) ? `${office}, ${tidy(jurisdiction)}` : office;
    return { lines: ['The Assessing Officer', withJurisdiction], issuer: `the Assessing Officer (${withJurisdiction})` };
  }
  if (CPC.test(text.flat) || kind?.id === '139(9)' || kind?.id === '143(1)(a)' || kind?.id === '245') {
    return { lines: ['The Centralized Processing Centre', 'Income Tax Department, Bengaluru'], issuer: 'the Centralized Processing Centre (CPC)' };
  }
  return { lines: ['The Assessing Officer', '[Ward / Circle, City]'], issuer: 'the Assessing Officer' };
}

/** How the summary names an issuer the text does not name. */
export const UNKNOWN_ISSUER = 'the issuing authority';

const ROC = /\bregistrar of companies\b[^\n]{0,60}/i;

export function findAddressee(text: NoticeText, department: string | null, kind: NoticeKind | null): Addressee {
  if (department === 'GST') return gstAddressee(text);
  if (department === 'INCOME_TAX') return incomeTaxAddressee(text, kind);
  const roc = text.lines.map((line) => ROC.exec(line)?.[0]).find(Boolean);
  if (roc) return { lines: [`The ${tidy(roc)}`], issuer: `the ${tidy(roc)}` };
  return { lines: ['The Issuing Authority', '[Designation and office]'], issuer: UNKNOWN_ISSUER };
}

const QUALIFIED_NAME_LABEL =
  /^(?:name\s+of\s+(?:the\s+)?(?:taxpayer|tax\s*payer|assessee|registered\s+person|applicant|company|noticee)|legal\s+name(?:\s+of\s+(?:the\s+)?(?:business|registered\s+person|taxpayer))?|assessee(?:'s)?\s+name|taxpayer(?:'s)?\s+name)\s*[:-]\s*(.{2,100})$/i;
/** "Name: X", also after another field on the same line ("PAN: ... Name: X"). */
const PLAIN_NAME_LABEL = /(?:^|\s)name\s*[:-]\s*(.{2,100})$/i;
/** A line that names a role, not the addressee: the name follows on the next line. */
const ROLE_LINE = /^the\s+(?:board\s+of\s+directors|directors?|proprietor|partners?|principal\s+officer|managing\s+director)\b/i;
const TO_LINE = /^to[,:]?$/i;
const NOT_A_NAME = /^(?:the\s|sir|madam|pan\b|gstin\b|address\b|name\b|\d)/i;
/** A plain "Name:" counts only near the top: further down it is the signing officer's. */
const HEADER_SHARE = 0.4;

const firstMatch = (lines: readonly string[], pattern: RegExp): string | null => {
  for (const line of lines) {
    const match = pattern.exec(line);
    // Columns collapse into one line: the value ends where the next "Label:" begins.
    if (match) return tidy(match[1]!.replace(/\s+(?:[A-Z][A-Za-z.()&/]*\s?){1,4}:\s.*$/, '').split(/\s\|\s/)[0]!);
  }
  return null;
};

/** The addressee's name as the notice prints it: a "Name of taxpayer:" label, the line after "To,", a "Name:" near the top. */
export function findClientName(text: NoticeText): string | null {
  const qualified = firstMatch(text.lines, QUALIFIED_NAME_LABEL);
  if (qualified) return qualified;
  const to = text.lines.findIndex((line) => TO_LINE.test(line));
  const afterTo = to >= 0 ? text.lines[to + 1] : undefined;
  const next = afterTo && ROLE_LINE.test(afterTo) ? text.lines[to + 2] : afterTo;
  if (next && !NOT_A_NAME.test(next)) return tidy(next);
  return firstMatch(text.lines.slice(0, Math.ceil(text.lines.length * HEADER_SHARE)), PLAIN_NAME_LABEL);
}
