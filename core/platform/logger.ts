import { pino, stdSerializers, type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const REDACTED = '[redacted]';

/**
 * Words of a key whose value is a secret or an identity number, wherever it sits in a logged object: `password`,
 * `currentPassword`, `passwordHash`, `csrfToken`, `x-csrf-token`, `access_token`, `clientSecret`, `cookie`,
 * `set-cookie`, `authorization`, `otp`, `aadhaarNumber`, `panNumber`, `gstin`, `tan` and the like.
 */
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passwd',
  'passphrase',
  'passcode',
  'secret',
  'secrets',
  'token',
  'tokens',
  'authorization',
  'cookie',
  'cookies',
  'otp',
  'aadhaar',
  'pan',
  'gstin',
  'tan',
  'cvv',
]);
/** Words that are secret only together, read from the key's words joined: `apiKey`, `x-api-key`, `accountNumber`, `DATA_ENCRYPTION_KEY`. */
const SECRET_PHRASES = ['apikey', 'accesskey', 'accountkey', 'privatekey', 'signingkey', 'encryptionkey', 'accountnumber', 'connectionstring'];

/** `csrfToken` -> csrf, token; `DATA_ENCRYPTION_KEY` -> data, encryption, key; `x-api-key` -> x, api, key. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A last word that makes the key about a secret rather than the secret itself: `tokenExpiresAt`, `passwordChangedAt`, `otpAttempts`. */
const ABOUT_A_SECRET = new Set(['at', 'expires', 'expiry', 'count', 'attempts', 'length', 'type', 'status']);

export function isSecretKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length > 1 && ABOUT_A_SECRET.has(words[words.length - 1])) return false;
  const joined = words.join('');
  return words.some((word) => SECRET_WORDS.has(word)) || SECRET_PHRASES.some((phrase) => joined.includes(phrase));
}

/** The password of a URL (`postgres://user:secret@host`) and a storage signature (`?sig=...`), in any logged text. */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s/@]+@/gi;
const URL_SIGNATURE = /([?&]sig=)[^&\s"']+/gi;

const scrubbedText = (text: string) => text.replace(URL_PASSWORD, `$1${REDACTED}@`).replace(URL_SIGNATURE, `$1${REDACTED}`);

const MAX_DEPTH = 12;

/**
 * A copy of `value` with every secret-named field replaced, at any depth (objects, arrays, errors, models with a
 * `toJSON`). Cycles read `[circular]` and anything deeper than MAX_DEPTH `[too deep]`. A boolean, null or missing
 * secret says nothing, so it stays (`hasPassword: true`).
 */
export function scrubbed(value: unknown, ancestors: object[] = []): unknown {
  if (typeof value === 'string') return scrubbedText(value);
  if (value === null || typeof value !== 'object') return value;
  if (ancestors.includes(value)) return '[circular]';
  if (ancestors.length >= MAX_DEPTH) return '[too deep]';
  const within = [...ancestors, value];
  if (value instanceof Error) return scrubbed({ ...stdSerializers.err(value) }, within);
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, within));
  if (value instanceof Date) return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const plain = typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON: () => unknown }).toJSON() : value;
  if (plain !== value) return scrubbed(plain, within);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretKey(key) && item !== null && item !== undefined && typeof item !== 'boolean' ? REDACTED : scrubbed(item, within),
    ]),
  );
}

const scrubbedObject = (object: Record<string, unknown>) => scrubbed(object) as Record<string, unknown>;

type ChildMaker = (this: Logger, bindings: Bindings, options?: ChildLoggerOptions) => Logger;

/** A log call's arguments with its message and interpolated values scrubbed; an error logged alone keeps its message as the line's. */
function scrubbedArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  if (first instanceof Error && typeof rest[0] !== 'string') return [{ err: first }, scrubbedText(first.message), ...rest];
  return args.map((arg) => (typeof arg === 'string' ? scrubbedText(arg) : arg));
}

/**
 * Every object a log line carries, its message, and a child logger's bindings go through `scrubbed` first, so a
 * careless log call cannot leak a secret however deep it sits. Errors are serialized there too, which is why `err`
 * is passed on as it is. `destination` is for tests that read what was logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    formatters: { log: scrubbedObject },
    serializers: { err: (error: unknown) => error },
    hooks: {
      logMethod(this: Logger, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(this, scrubbedArguments(args));
      },
    },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // pino passes a child's bindings through no formatter; every child (and its children) inherits this method.
  const pinoLogger = Object.getPrototypeOf(logger) as { child: ChildMaker };
  const scrubbingChild: ChildMaker = function (bindings, childOptions) {
    return pinoLogger.child.call(this, scrubbedObject(bindings), childOptions);
  };
  logger.child = scrubbingChild as unknown as Logger['child'];
  return logger;
}
