import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SessionData } from 'express-session';
import { inject, injectable } from 'inversify';
import type { Config } from '../platform/config';
import type { EventBus } from '../platform/events';
import type { Logger } from '../platform/logger';
import type { RedisClient } from '../platform/redis';
import { TOKENS } from '../platform/tokens';
import { newCsrfToken } from './csrf';
import {
  BROWSER_SESSION_MS,
  regenerateSession,
  REMEMBER_ME_MS,
  saveSession,
  sessionHasEnded,
  SessionStore,
  signOut,
  UNKNOWN_ADDRESS,
  userSessionsKey,
} from './session';
import { deviceOf } from './session-device';
import type { ActiveSession } from './wire';

/** Published when a session ends, so its event streams end in every web process. */
export const SESSION_ENDED_EVENT = 'auth.session-ended';

export interface SessionEndedEvent {
  sessionId: string;
  userId: number;
}

interface StoredSession {
  sessionId: string;
  data: SessionData;
}

const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function parseStored(raw: string | null): SessionData | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionData;
  } catch {
    return null;
  }
}

/**
 * Every user's signed-in sessions: a Redis set of session ids per user beside the sessions themselves, which carry what
 * the list shows (browser, address, sign-in and last activity). Entries whose session is gone are dropped when listed.
 */
@injectable()
export class SessionRegistry {
  private readonly store: SessionStore;

  constructor(
    @inject(TOKENS.Redis) private readonly redis: RedisClient,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Events) private readonly events: EventBus,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {
    this.store = new SessionStore(redis, config);
  }

  private indexKey(userId: number): string {
    return userSessionsKey(this.config, userId);
  }

  /** Starts a fresh signed-in session (new id, so a planted id is worthless) and returns its CSRF token; storing it lists it under the user. */
  async signIn(req: Request, userId: number, options: { remember: boolean; viaGoogle: boolean }): Promise<string> {
    await regenerateSession(req);
    const now = Date.now();
    const session = req.session;
    session.userId = userId;
    session.absoluteExpiresAt = now + (options.remember ? REMEMBER_ME_MS : BROWSER_SESSION_MS);
    session.publicId = randomBytes(16).toString('base64url');
    session.signedInAt = now;
    session.lastActiveAt = now;
    session.clientAddress = req.ip ?? UNKNOWN_ADDRESS;
    session.device = deviceOf(req.get('user-agent'));
    if (options.viaGoogle) session.googleSignedInAt = now;
    session.csrfToken = newCsrfToken();
    // A remembered login survives closing the browser; otherwise the cookie is a browser-session cookie.
    session.cookie.maxAge = options.remember ? REMEMBER_ME_MS : undefined;
    // Entries of sessions that ended by themselves go now, so the index never outgrows the live sessions.
    await this.liveSessions(userId);
    await saveSession(req);
    return session.csrfToken;
  }

  /** The user's live sessions, this one first, then the most recently active. */
  async list(userId: number, currentSessionId: string): Promise<ActiveSession[]> {
    const sessions = (await this.liveSessions(userId)).map(({ sessionId, data }) => ({
      id: data.publicId,
      browser: data.device?.browser ?? 'Unknown browser',
      os: data.device?.os ?? null,
      ip: data.clientAddress ?? UNKNOWN_ADDRESS,
      signedInAt: new Date(data.signedInAt).toISOString(),
      lastActiveAt: new Date(data.lastActiveAt).toISOString(),
      current: sessionId === currentSessionId,
    }));
    return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
  }

  /** Ends the user's session with this public id; false when they have no such session. */
  async endSession(userId: number, publicId: string): Promise<boolean> {
    if (!PUBLIC_ID_PATTERN.test(publicId)) return false;
    const target = (await this.liveSessions(userId)).find(({ data }) => data.publicId === publicId);
    if (!target) return false;
    await this.end(userId, [target.sessionId]);
    return true;
  }

  /** Ends every session of the user but `keepSessionId` (after a password change, a Google link); answers how many ended. */
  async endOtherSessions(userId: number, keepSessionId?: string): Promise<number> {
    const others = (await this.liveSessions(userId)).filter(({ sessionId }) => sessionId !== keepSessionId);
    await this.end(
      userId,
      others.map(({ sessionId }) => sessionId),
    );
    return others.length;
  }

  /** Ends every session of the user (after a password reset); answers how many ended. */
  endAllSessions(userId: number): Promise<number> {
    return this.endOtherSessions(userId);
  }

  /** Signs this request's own session out: gone from the store and the list, its cookie cleared, its streams ended. */
  async endCurrentSession(req: Request, res: Response, userId: number): Promise<void> {
    const sessionId = req.sessionID;
    await signOut(req, res, this.config);
    await this.redis.sRem(this.indexKey(userId), sessionId);
    this.announceEnded([sessionId], userId);
  }

  /** Drops a session that was signed out some other way from the user's list. */
  async forget(userId: number, sessionId: string): Promise<void> {
    await this.redis.sRem(this.indexKey(userId), sessionId);
  }

  private async liveSessions(userId: number): Promise<StoredSession[]> {
    const sessionIds = await this.redis.sMembers(this.indexKey(userId));
    if (!sessionIds.length) return [];
    const stored = await this.redis.mGet(sessionIds.map((sessionId) => this.store.prefix + sessionId));
    const now = Date.now();
    const live: StoredSession[] = [];
    const gone: string[] = [];
    sessionIds.forEach((sessionId, position) => {
      const data = parseStored(stored[position]);
      if (data?.userId === userId && data.publicId && !sessionHasEnded(data, now, this.config.sessionIdleTimeoutMs)) live.push({ sessionId, data });
      else gone.push(sessionId);
    });
    if (gone.length) await this.redis.sRem(this.indexKey(userId), gone);
    return live;
  }

  private async end(userId: number, sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    // Out of the store before out of the list: if this fails halfway, what is still alive is still listed.
    await Promise.all(sessionIds.map((sessionId) => this.store.destroy(sessionId)));
    await this.redis.sRem(this.indexKey(userId), sessionIds);
    this.announceEnded(sessionIds, userId);
  }

  private announceEnded(sessionIds: string[], userId: number): void {
    for (const sessionId of sessionIds) {
      this.events.publish<SessionEndedEvent>(SESSION_ENDED_EVENT, { sessionId, userId }).catch((error: Error) => {
        this.logger.warn({ err: error.message }, 'an ended session could not be announced to its event streams');
      });
    }
  }
}
