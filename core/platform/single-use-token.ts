import { createHash, randomBytes } from 'node:crypto';

/** A token that travels only in an emailed link; the database keeps its hash, so a copy of the database opens nothing. */
export interface SingleUseToken {
  token: string;
  hash: string;
}

const TOKEN_BYTES = 32;

export const hashOfToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function newSingleUseToken(): SingleUseToken {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashOfToken(token) };
}

/** A token as a link carries it: 43 base64url characters. Anything else is refused before the database is asked. */
export const isWellFormedToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** `{publicUrl}{basePath}{path}?token=...`: the address a single-use link in an email opens. */
export const singleUseLink = (config: { publicUrl: string; basePath: string }, path: string, token: string): string => {
  const url = new URL(`${config.publicUrl}${config.basePath}${path}`);
  url.searchParams.set('token', token);
  return url.toString();
};
