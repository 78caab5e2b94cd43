import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Express's names for the private address ranges, usable in TRUST_PROXY's list. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddressOrSubnet(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address, prefixLength, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefixLength === undefined) return true;
  return /^\d{1,3}$/.test(prefixLength) && Number(prefixLength) >= 1 && Number(prefixLength) <= (family === 4 ? 32 : 128);
}

const TRUST_EVERYTHING =
  'must not trust every address (a client could then forge X-Forwarded-For): give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,loopback)';

/**
 * `false`, a hop count, or a list of proxy addresses, subnets and Express's named ranges. Never `true` nor a /0 subnet:
 * trusting every hop lets any client choose the address that sign-in throttling counts.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddressOrSubnet(entry));
    if (value === 'true' || entries.some((entry) => /\/0+$/.test(entry))) {
      context.addIssue({ code: 'custom', message: TRUST_EVERYTHING });
    } else if (invalid.length) {
      context.addIssue({
        code: 'custom',
        message: `must be false, a hop count or a comma-separated list of addresses, subnets (CIDR) or loopback, linklocal, uniquelocal; not ${invalid.join(', ')}`,
      });
    }
    return entries;
  });

const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes encoded as base64');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9-]+$/i, 'must be a single path segment such as /axal')
    .default('/axal'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/practice'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().min(1).default('axal:'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: base64Key.optional(),
  DATA_ENCRYPTION_KEY_ID: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/i)
    .default('k1'),
  DATA_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .regex(/^([a-z0-9]{1,16}:[A-Za-z0-9+/=]{44})(,[a-z0-9]{1,16}:[A-Za-z0-9+/=]{44})*$/i, 'must be a comma-separated list of id:base64key')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(43_200).default(480),
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** On by default outside production only; production refuses it (the demo owner's password is printed on the console). */
  SEED_DEMO: booleanFromEnv.optional(),
  AZURE_STORAGE_CONNECTION_STRING: z.string().min(1).optional(),
  AZURE_STORAGE_CONTAINER: z
    .string()
    .regex(/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/, 'must be 3 to 63 lower-case letters, digits and single hyphens')
    .default('documents'),
  AZURITE_BLOB_HOST: z.string().min(1).default('127.0.0.1'),
  AZURITE_BLOB_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  STORAGE_WORKSPACE_LIMIT_BYTES: z.coerce.number().int().positive().default(1_073_741_824),
  STORAGE_MAX_FILE_SIZE_BYTES: z.coerce.number().int().positive().default(5_242_880),
  EXTRA_PLUGIN_DIRS: z.string().optional(),
  SMTP_URL: z
    .url()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an address such as Axal Practice <no-reply@example.com>')
    .default('Axal Practice <no-reply@localhost>'),
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MAIL_CATCHER_DIR: z.string().min(1).optional(),
  AZURE_OPENAI_ENDPOINT: z.url().optional(),
  AZURE_OPENAI_API_KEY: z.string().min(1).optional(),
  AZURE_OPENAI_DEPLOYMENT: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be the name of a deployment of the Azure OpenAI resource')
    .optional(),
  /** The newest generally available data-plane version with structured outputs (json_schema). */
  AZURE_OPENAI_API_VERSION: z.string().min(1).default('2024-10-21'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
});

type RawConfig = z.infer<typeof configSchema>;

export interface Config {
  env: RawConfig['NODE_ENV'];
  isProduction: boolean;
  port: number;
  basePath: string;
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  sessionSecret: string;
  encryption: { currentKeyId: string; keys: Record<string, Buffer> };
  google: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; userinfoUrl: string } | null;
  /** log2 of scrypt's N for new password hashes. */
  passwordHashCost: number;
  logLevel: RawConfig['LOG_LEVEL'];
  /** Express's `trust proxy`: false, the number of proxies in front of the app, or their addresses and subnets. */
  trustProxy: false | number | string[];
  /** A signed-in session that makes no request for this long is signed out (on top of its absolute lifetime). */
  sessionIdleTimeoutMs: number;
  /** Failed sign-ins (and password confirmations) allowed per 15 minutes to one account from anywhere, and from one address to any account. */
  loginThrottle: { failuresPerAccount: number; failuresPerAddress: number };
  seedDemo: boolean;
  dataDir: string;
  storage: {
    /** Null runs the embedded Azurite emulator (data under .data/azurite). */
    connectionString: string | null;
    container: string;
    azurite: { host: string; port: number; location: string };
    /** A workspace's storage limit until it is raised. */
    workspaceLimitBytes: number;
    maxFileSizeBytes: number;
  };
  /** Folders of plugin folders loaded after the product's own `plugins/` (absolute, or relative to the project). */
  extraPluginDirs: string[];
  mail: {
    from: string;
    /** Null sends every message to the embedded catcher instead (never in production). */
    smtpUrl: string | null;
    /** The embedded catcher, when no SMTP server is configured: its loopback port (0 picks a free one) and message folder. */
    catcher: { port: number; dir: string } | null;
  };
  ai: {
    /** Null analyses notices with the built-in analyzer (no key, no network). */
    azure: { endpoint: string; apiKey: string; deployment: string; apiVersion: string } | null;
    /** The longest one analysis may take, its retries included. */
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

interface GeneratedSecrets {
  SESSION_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
}

/** Outside production a developer should not have to invent secrets: they are generated once and kept in .data/. */
function loadOrCreateLocalSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
  const secrets: GeneratedSecrets = {
    SESSION_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function parsePreviousKeys(list: string | undefined): Record<string, Buffer> {
  if (!list) return {};
  return Object.fromEntries(
    list.split(',').map((entry) => {
      const [id, key] = entry.split(':');
      return [id, Buffer.from(key, 'base64')];
    }),
  );
}

/**
 * `Key=value;...` with case-insensitive keys; a value may itself hold `=` (account keys, SAS tokens). Plain HTTP would
 * carry account keys and signed links in clear: the protocol or any endpoint says `http`, or the development storage.
 */
function reachesStorageOverPlainHttp(connectionString: string): boolean {
  return connectionString.split(';').some((setting) => {
    const separator = setting.indexOf('=');
    if (separator < 0) return false;
    const key = setting.slice(0, separator).trim().toLowerCase();
    const value = setting
      .slice(separator + 1)
      .trim()
      .toLowerCase();
    return (
      (key === 'defaultendpointsprotocol' && value !== 'https') ||
      (key === 'usedevelopmentstorage' && value === 'true') ||
      (key.endsWith('endpoint') && !value.startsWith('https://'))
    );
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  const dataDir = path.join(projectRoot, '.data');

  const problems: string[] = [];
  if (isProduction && !raw.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (isProduction && !raw.DATA_ENCRYPTION_KEY) problems.push('DATA_ENCRYPTION_KEY: required in production');
  if (isProduction && !raw.SMTP_URL) problems.push('SMTP_URL: required in production (the embedded mail catcher is for development only)');
  if (isProduction && raw.SEED_DEMO) problems.push('SEED_DEMO: not allowed in production (the demo owner has a known password)');
  const storageAccount = raw.AZURE_STORAGE_CONNECTION_STRING;
  if (isProduction && !storageAccount) {
    problems.push('AZURE_STORAGE_CONNECTION_STRING: required in production (the embedded Azurite emulator is for development only)');
  }
  if (isProduction && storageAccount && reachesStorageOverPlainHttp(storageAccount)) {
    problems.push('AZURE_STORAGE_CONNECTION_STRING: must use HTTPS in production (DefaultEndpointsProtocol=https and https:// endpoints)');
  }
  // The test suite signs thousands of people up; anything real hashes at 2^14 or more.
  if (raw.PASSWORD_HASH_COST < 14 && raw.NODE_ENV !== 'test')
    problems.push('PASSWORD_HASH_COST: at least 14 (lower costs are for the test suite only)');
  if (Boolean(raw.GOOGLE_CLIENT_ID) !== Boolean(raw.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither');
  }
  const azureOpenAi = {
    AZURE_OPENAI_ENDPOINT: raw.AZURE_OPENAI_ENDPOINT,
    AZURE_OPENAI_API_KEY: raw.AZURE_OPENAI_API_KEY,
    AZURE_OPENAI_DEPLOYMENT: raw.AZURE_OPENAI_DEPLOYMENT,
  };
  const missingAzureOpenAi = Object.keys(azureOpenAi).filter((name) => !azureOpenAi[name as keyof typeof azureOpenAi]);
  if (missingAzureOpenAi.length && missingAzureOpenAi.length < Object.keys(azureOpenAi).length) {
    problems.push(
      `${missingAzureOpenAi.join(', ')}: missing; set AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY and AZURE_OPENAI_DEPLOYMENT together to use Azure OpenAI, or none for the built-in analyzer`,
    );
  }
  if (isProduction && raw.AZURE_OPENAI_ENDPOINT && !raw.AZURE_OPENAI_ENDPOINT.startsWith('https://')) {
    problems.push('AZURE_OPENAI_ENDPOINT: must use HTTPS in production (the API key travels with every request)');
  }
  if (problems.length) throw new ConfigError(problems);

  const local = !raw.SESSION_SECRET || !raw.DATA_ENCRYPTION_KEY ? loadOrCreateLocalSecrets(dataDir) : null;
  const currentKey = Buffer.from(raw.DATA_ENCRYPTION_KEY ?? local!.DATA_ENCRYPTION_KEY, 'base64');

  return {
    env: raw.NODE_ENV,
    isProduction,
    port: raw.PORT,
    basePath: raw.APP_BASE_PATH,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    databaseUrl: raw.DATABASE_URL,
    redisUrl: raw.REDIS_URL,
    redisKeyPrefix: raw.REDIS_KEY_PREFIX,
    sessionSecret: raw.SESSION_SECRET ?? local!.SESSION_SECRET,
    encryption: {
      currentKeyId: raw.DATA_ENCRYPTION_KEY_ID,
      keys: { ...parsePreviousKeys(raw.DATA_ENCRYPTION_PREVIOUS_KEYS), [raw.DATA_ENCRYPTION_KEY_ID]: currentKey },
    },
    google:
      raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
        ? {
            clientId: raw.GOOGLE_CLIENT_ID,
            clientSecret: raw.GOOGLE_CLIENT_SECRET,
            authorizeUrl: raw.GOOGLE_AUTHORIZE_URL,
            tokenUrl: raw.GOOGLE_TOKEN_URL,
            userinfoUrl: raw.GOOGLE_USERINFO_URL,
          }
        : null,
    passwordHashCost: raw.PASSWORD_HASH_COST,
    logLevel: raw.LOG_LEVEL,
    trustProxy: raw.TRUST_PROXY,
    sessionIdleTimeoutMs: raw.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    loginThrottle: { failuresPerAccount: raw.LOGIN_FAILURES_PER_ACCOUNT, failuresPerAddress: raw.LOGIN_FAILURES_PER_ADDRESS },
    seedDemo: raw.SEED_DEMO ?? !isProduction,
    dataDir,
    storage: {
      connectionString: raw.AZURE_STORAGE_CONNECTION_STRING ?? null,
      container: raw.AZURE_STORAGE_CONTAINER,
      azurite: { host: raw.AZURITE_BLOB_HOST, port: raw.AZURITE_BLOB_PORT, location: path.join(dataDir, 'azurite') },
      workspaceLimitBytes: raw.STORAGE_WORKSPACE_LIMIT_BYTES,
      maxFileSizeBytes: raw.STORAGE_MAX_FILE_SIZE_BYTES,
    },
    extraPluginDirs: (raw.EXTRA_PLUGIN_DIRS ?? '')
      .split(',')
      .map((dir) => dir.trim())
      .filter(Boolean)
      .map((dir) => path.resolve(projectRoot, dir)),
    mail: {
      from: raw.MAIL_FROM,
      smtpUrl: raw.SMTP_URL ?? null,
      catcher: raw.SMTP_URL
        ? null
        : { port: raw.MAIL_CATCHER_PORT, dir: raw.MAIL_CATCHER_DIR ? path.resolve(projectRoot, raw.MAIL_CATCHER_DIR) : path.join(dataDir, 'mail') },
    },
    ai: {
      azure:
        raw.AZURE_OPENAI_ENDPOINT && raw.AZURE_OPENAI_API_KEY && raw.AZURE_OPENAI_DEPLOYMENT
          ? {
              endpoint: raw.AZURE_OPENAI_ENDPOINT,
              apiKey: raw.AZURE_OPENAI_API_KEY,
              deployment: raw.AZURE_OPENAI_DEPLOYMENT,
              apiVersion: raw.AZURE_OPENAI_API_VERSION,
            }
          : null,
      timeoutMs: raw.AI_TIMEOUT_MS,
    },
  };
}
