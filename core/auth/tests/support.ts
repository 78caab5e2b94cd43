import type { SessionData } from 'express-session';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { RedisClient } from '../../platform/redis';
import { TOKENS } from '../../platform/tokens';
import { APP } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { TEST_REDIS_PREFIX } from '../../plugin-api/testing/test-config';
import { SESSION_COOKIE } from '../session';

export interface SetCookie {
  /** The raw `name=value` pair, ready to send back in a Cookie header. */
  pair: string;
  value: string;
  /** Attribute names in lower case; valueless attributes such as HttpOnly map to ''. */
  attributes: Record<string, string>;
}

function setCookieHeaders(response: Response): string[] {
  const header: unknown = response.headers['set-cookie'];
  if (Array.isArray(header)) return header.map(String);
  return typeof header === 'string' ? [header] : [];
}

/** The `axal.sid` cookie a response sets, or null when it sets none. */
export function sessionCookieOf(response: Response): SetCookie | null {
  const header = setCookieHeaders(response).find((each) => each.startsWith(`${SESSION_COOKIE}=`));
  if (!header) return null;
  const [pair, ...attributeParts] = header.split(';').map((part) => part.trim());
  const attributes: Record<string, string> = {};
  for (const part of attributeParts) {
    const [name, ...rest] = part.split('=');
    attributes[name.toLowerCase()] = rest.join('=');
  }
  return { pair, value: pair.slice(SESSION_COOKIE.length + 1), attributes };
}

export function requireSessionCookie(response: Response): SetCookie {
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`expected a ${SESSION_COOKIE} cookie, got ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie;
}

/** express-session signs the cookie as `s:<sid>.<signature>`, URL-encoded. */
export function sessionIdOf(cookie: SetCookie): string {
  const decoded = decodeURIComponent(cookie.value);
  if (!decoded.startsWith('s:')) throw new Error(`not a signed session cookie: ${cookie.value}`);
  return decoded.slice(2, decoded.indexOf('.'));
}

export const storedSessionKey = (sessionId: string) => `${TEST_REDIS_PREFIX}sess:${sessionId}`;

export const sharedRedis = () => sharedHost().host.container.get<RedisClient>(TOKENS.Redis);

/** The id of the session whose cookie an agent holds. */
export function sessionIdOfAgent(agent: TestAgent, baseUrl = sharedHost().baseUrl): string {
  const cookie = agent.jar.getCookie(SESSION_COOKIE, { domain: new URL(baseUrl).hostname, path: APP, secure: false, script: false });
  if (!cookie) throw new Error(`the agent holds no ${SESSION_COOKIE} cookie`);
  return sessionIdOf({ pair: `${SESSION_COOKIE}=${cookie.value}`, value: cookie.value, attributes: {} });
}

/** Changes a stored session as time passing would (an older sign-in, a longer idle spell), keeping its Redis lifetime. */
export async function rewriteStoredSession(sessionId: string, change: (data: Partial<SessionData>) => Partial<SessionData>): Promise<void> {
  const key = storedSessionKey(sessionId);
  const stored = JSON.parse((await sharedRedis().get(key)) ?? 'null') as Partial<SessionData> | null;
  if (!stored) throw new Error(`no stored session ${sessionId}`);
  await sharedRedis().set(key, JSON.stringify(change(stored)), { KEEPTTL: true });
}
