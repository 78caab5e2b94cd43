import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths that could ever carry a secret are censored, so a careless log call cannot leak one. */
const redactedPaths = [
  'password',
  '*.password',
  'confirmPassword',
  '*.confirmPassword',
  'currentPassword',
  '*.currentPassword',
  'token',
  '*.token',
  '*.accessToken',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
];

export function createLogger(level: string): Logger {
  return pino({ level, base: { pid: process.pid }, redact: { paths: redactedPaths, censor: '[redacted]' } });
}
