/** GSTIN arithmetic, shared by the server and the web forms (no Node-only APIs). */

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RADIX = GSTIN_ALPHABET.length;

/** The 15th character of a GSTIN, computed from the first 14 with the mod-36 scheme the GST network publishes. */
export function gstinCheckCharacter(firstFourteen: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_ALPHABET.indexOf(firstFourteen[index]);
    if (value < 0) throw new Error(`Not a GSTIN character: ${firstFourteen[index]}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / RADIX) + (product % RADIX);
  }
  return GSTIN_ALPHABET[(RADIX - (sum % RADIX)) % RADIX];
}

export function hasValidGstinCheckCharacter(gstin: string): boolean {
  return gstin.length === 15 && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** Characters 3 to 12 of a GSTIN are the holder's PAN. */
export const panOfGstin = (gstin: string): string => gstin.slice(2, 12);

export const GSTIN_CHECK_WARNING = 'The GSTIN check digit is wrong: please verify the GSTIN';
export const gstinPanMismatchWarning = (gstinPan: string) => `The PAN inside the GSTIN (${gstinPan}) differs from the client's PAN`;

/** Doubts that do not block saving: a well-formed GSTIN whose check digit or embedded PAN looks wrong. */
export function gstinWarnings(gstin: string | null | undefined, pan: string | null | undefined): string[] {
  if (!gstin) return [];
  const warnings: string[] = [];
  if (!hasValidGstinCheckCharacter(gstin)) warnings.push(GSTIN_CHECK_WARNING);
  if (pan && panOfGstin(gstin) !== pan) warnings.push(gstinPanMismatchWarning(panOfGstin(gstin)));
  return warnings;
}
