import { z } from 'zod';
import { hasControlCharacters, TEXT_MESSAGES } from '../platform/text-rule';

/**
 * The one rule for text, numbers and booleans a request carries, shared by every schema of the core and of the
 * plugins (and by the web forms that import those schemas). No Node-only APIs here.
 *
 * Text keeps the text rule of `core/platform/text-rule.ts` (no control characters but tab and, in multi-line text,
 * line breaks) and every free-text field has a maximum length. Numbers and booleans are parsed strictly: a JSON body
 * gives them as JSON numbers and booleans, a query string as decimal digits and exactly `true` / `false`.
 */

export { hasControlCharacters, MAX_UNBOUNDED_TEXT_LENGTH } from '../platform/text-rule';

export const INPUT_MESSAGES = {
  ...TEXT_MESSAGES,
  notText: (label: string) => `${label} must be text`,
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  boolean: (label: string) => `${label} must be true or false`,
} as const;

export interface TextOptions {
  /** How messages name the field, e.g. `Contact person`. */
  label: string;
  /** Characters, counted before trimming. */
  max: number;
  /** The message for a missing value or one that is not a string (default `<label> must be text`). */
  error?: string;
  /** The message for a value longer than `max` (default `<label> must be at most <max> characters`). */
  tooLong?: string;
}

function text({ label, max, error, tooLong }: TextOptions, multiline: boolean): z.ZodString {
  return z
    .string({ error: error ?? INPUT_MESSAGES.notText(label) })
    .max(max, { message: tooLong ?? INPUT_MESSAGES.tooLong(label, max), abort: true })
    .refine((value) => !hasControlCharacters(value, { multiline }), { message: INPUT_MESSAGES.controlCharacters(label), abort: true });
}

/**
 * A one-line text field (a name, a title, a search term): refuses line breaks and other control characters, and
 * anything longer than `max`. Chain `.trim()`, `.min()`, `.regex()` and the like after it; its checks run first.
 */
export const singleLineText = (options: TextOptions): z.ZodString => text(options, false);

/** A text area's value (a note, an address): like `singleLineText`, but line breaks are allowed. */
export const multilineText = (options: TextOptions): z.ZodString => text(options, true);

export interface WholeNumberOptions {
  label: string;
  min: number;
  max: number;
  /** The one message for every way the value can be wrong (default `<label> must be a whole number from <min> to <max>`). */
  message?: string;
}

const wholeNumberMessage = ({ label, min, max, message }: WholeNumberOptions) => message ?? INPUT_MESSAGES.wholeNumber(label, min, max);

/** A whole number in a JSON body: a JSON number, never a string, a boolean or null. */
export function bodyWholeNumber(options: WholeNumberOptions) {
  const message = wholeNumberMessage(options);
  return z.int({ error: message }).min(options.min, message).max(options.max, message);
}

const DECIMAL_DIGITS = /^\d{1,16}$/;

/**
 * A whole number in a query string: decimal digits only, so `0x1F`, `1e3`, ` 5`, `5.0` and `` are refused (a
 * number given by code that builds the query is taken as it is).
 */
export function queryWholeNumber(options: WholeNumberOptions) {
  const message = wholeNumberMessage(options);
  return z
    .union([z.number(), z.string().regex(DECIMAL_DIGITS).transform(Number)], { error: message })
    .pipe(z.int({ error: message }).min(options.min, message).max(options.max, message));
}

/** A boolean in a query string: exactly `true` or `false` (or a boolean given by code that builds the query). */
export function queryBoolean(label: string) {
  const message = INPUT_MESSAGES.boolean(label);
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: message });
}
