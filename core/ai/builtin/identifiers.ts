import type { NoticeText } from './text';

/**
 * The identifiers on a notice: the Income Tax Department's DIN ('ITBA/AST/S/143(2)/2024-25/1063912345(1)') or the
 * CPC's communication number, the GST portal's reference number ('ZD270324012345X'), the CBIC DIN of a central tax
 * officer's letter, and the taxpayer's GSTIN and PAN.
 */

export const GSTIN_PATTERN = /\b\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]\b/;
/** The fourth letter is the holder's status: P(erson), C(ompany), H(UF), F(irm), A(OP), T(rust), B(OI), L(ocal authority), J (artificial person), G(overnment), K (Krish). */
export const PAN_PATTERN = /\b[A-Z]{3}[ABCFGHJKLPT][A-Z]\d{4}[A-Z]\b/;

const ITBA_DIN = /\bITBA\/[A-Z]{2,6}\/[A-Z]\/[0-9A-Z()_]{2,12}\/\d{4}-\d{2}\/\d{8,12}(?:\(\d\))?/i;
const CPC_REFERENCE = /\bCPC\/\d{4}\/[A-Z0-9]{1,4}\/\d{6,14}\b/i;
const GST_REFERENCE = /\bZ[A-Z]\d{10,13}[0-9A-Z]\b/;
const CBIC_DIN = /\b20\d{6}[A-Z]{2}\d{6}[0-9A-Z]{4}\b/;
const LABELLED_REFERENCE =
  /\b(?:DIN(?:\s*(?:&|and)\s*(?:notice|letter)\s*no\.?)?|document identification number|(?:communication\s+)?reference\s*(?:no\.?|number)|ref\.?\s*no\.?|notice\s*(?:no\.?|number)|case\s*id)\s*[:.-]?\s*([A-Z0-9][A-Z0-9/()\-.]{5,80})/i;

/** PDF text breaks a long DIN at its slashes: 'ITBA/AST/S/142(1)/ 2024-25/1071234567(1)'. */
const joinedAtSlashes = (text: string): string => text.replace(/\s*\/\s*/g, '/');

/**
 * The notice's own identifier. Income Tax: the ITBA DIN, else the CPC's communication number. GST: the portal's
 * reference number (replies on the portal are filed against it), else the CBIC DIN. Then whatever follows a
 * "DIN" / "Reference No." label.
 */
export function findDin(text: NoticeText): string | null {
  const flat = joinedAtSlashes(text.flat);
  for (const pattern of [ITBA_DIN, CPC_REFERENCE, GST_REFERENCE, CBIC_DIN]) {
    const match = pattern.exec(flat);
    if (match) return match[0];
  }
  const labelled = LABELLED_REFERENCE.exec(flat);
  const value = labelled?.[1]?.replace(/[.\-/]+$/, '');
  return value && /\d/.test(value) ? value : null;
}

/** The application reference number of a GST registration application ('AA270625012345X'). */
const APPLICATION_ARN = /\bAA\d{12,13}[0-9A-Z]\b/;

export const findApplicationArn = (text: NoticeText): string | null => APPLICATION_ARN.exec(text.flat)?.[0] ?? null;
export const findGstin = (text: NoticeText): string | null => GSTIN_PATTERN.exec(text.flat)?.[0] ?? null;
export const findPan = (text: NoticeText): string | null => PAN_PATTERN.exec(text.flat)?.[0] ?? null;
