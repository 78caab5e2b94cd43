/**
 * The text rule every request field follows (issue 12 item 11): control characters (C0, DEL and C1) are refused,
 * except a tab anywhere and line breaks in multi-line text; PostgreSQL cannot store a NUL at all, and the others only
 * ever arrive by mistake or by attack. The schemas apply it field by field through `core/plugin-api/input-fields`;
 * `parseBody` applies it once more to whatever a schema let through. No Node-only APIs here.
 */

/** The bound a string gets when its schema names none. */
export const MAX_UNBOUNDED_TEXT_LENGTH = 100_000;

export const TEXT_MESSAGES = {
  controlCharacters: (label: string) => `${label} must not contain control characters`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-IN')} characters`,
} as const;

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether `value` holds a character below a space, DEL or one of the C1 block, other than a tab and, in multi-line
 * text, a line feed or carriage return (a line break typed on any system).
 */
export function hasControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0x20 && (code < 0x7f || code > 0x9f)) continue;
    if (code === TAB || (multiline && (code === LINE_FEED || code === CARRIAGE_RETURN))) continue;
    return true;
  }
  return false;
}

const MAX_CHECKED_DEPTH = 32;

const isPlainObject = (value: object) => [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * The first string of a parsed request (values and keys, at any depth) that breaks the text rule, named by its path
 * (`rows.3.name`): control characters other than tab and line breaks, or more than MAX_UNBOUNDED_TEXT_LENGTH
 * characters. Null when every string keeps the rule.
 */
export function textProblem(value: unknown, path: readonly (string | number)[] = [], depth = 0): { field: string; message: string } | null {
  const field = path.length ? path.join('.') : 'Input';
  if (typeof value === 'string') {
    if (value.length > MAX_UNBOUNDED_TEXT_LENGTH) return { field, message: TEXT_MESSAGES.tooLong(field, MAX_UNBOUNDED_TEXT_LENGTH) };
    if (hasControlCharacters(value, { multiline: true })) return { field, message: TEXT_MESSAGES.controlCharacters(field) };
    return null;
  }
  if (depth >= MAX_CHECKED_DEPTH || value === null || typeof value !== 'object') return null;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : isPlainObject(value)
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const problem = (typeof key === 'string' && textProblem(key, path, MAX_CHECKED_DEPTH)) || textProblem(item, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return null;
}
