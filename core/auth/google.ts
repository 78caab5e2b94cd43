import express, { type Request, type Response, type Router } from 'express';
import grantModule from 'grant';
import type { Container } from 'inversify';
import type { ActivityService } from '../activity/activity-service';
import type { Config } from '../platform/config';
import { notFound } from '../platform/errors';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import { safeCallbackUrl } from './callback-url';
import { SessionRegistry } from './session-registry';
import { findUserByEmail, User } from './user-model';

interface GoogleProfile {
  sub?: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

/** What grant keeps in `req.session.grant` with `transport: 'session'` and `response: ['tokens', 'profile']`. */
interface GrantSession {
  state?: string;
  response?: { profile?: GoogleProfile; error?: unknown };
}

/** The product's error page; `error` names what failed so the page can word it (spec 1 section 8). */
const AUTH_ERROR_PAGE = '/auth/error';

// grant's type declarations say `export default`, but the module is CommonJS.
const grant = ((grantModule as unknown as { default?: typeof grantModule }).default ?? grantModule) as typeof grantModule;

/**
 * Google sign-in through grant: `{app}/connect/google` (prompt select_account) and `{app}/connect/google/signup`
 * (prompt consent) take a same-origin `callbackUrl`; the provider's redirect must carry a code for this session's
 * `state`, grant exchanges the code and fetches the userinfo over TLS, and `{app}/auth/google/callback` signs the
 * user in by the verified email of that userinfo answer.
 */
export function googleSignInRoutes(container: Container): Router {
  const config = container.get<Config>(TOKENS.Config);
  const router = express.Router();
  const google = config.google;
  if (!google) {
    router.get(['/connect/google', '/connect/google/{*rest}'], () => {
      throw notFound('Google sign-in is not enabled');
    });
    return router;
  }
  const logger = container.get<Logger>(TOKENS.Logger);
  const activity = container.get<ActivityService>(TOKENS.Activity);
  const sessions = container.get(SessionRegistry);
  const dashboard = `${config.basePath}/dashboard`;

  const grantSessionOf = (req: Request) => req.session.grant as GrantSession | undefined;

  const refuse = (req: Request, res: Response, reason: string) => {
    const intent = req.session.oauth?.intent ?? 'login';
    delete req.session.grant;
    delete req.session.oauth;
    logger.warn({ reason }, 'google sign-in refused');
    res.redirect(`${AUTH_ERROR_PAGE}?error=${intent === 'signup' ? 'GoogleSignup' : 'GoogleSignin'}`);
  };

  const startSignIn = (intent: 'login' | 'signup') => (req: Request, _res: Response, next: () => void) => {
    req.session.oauth = { intent, callbackUrl: safeCallbackUrl(req.query.callbackUrl, config.publicUrl, dashboard) };
    next();
  };
  router.get('/connect/google', startSignIn('login'));
  router.get('/connect/google/signup', startSignIn('signup'));

  // grant checks `state` only when a `code` is present; without one it would fetch the profile with whatever
  // access_token the query carries (a token issued to another app). Only a code for this session's state goes on.
  router.get('/connect/google/callback', (req, res, next) => {
    const expectedState = grantSessionOf(req)?.state;
    const { code, state } = req.query;
    if (typeof code === 'string' && code !== '' && typeof expectedState === 'string' && state === expectedState) {
      next();
      return;
    }
    refuse(req, res, req.query.error ? 'provider error' : 'code or state missing or not matching this session');
  });

  // GET only: a POST must not reach grant ahead of the CSRF guard.
  router.get(
    ['/connect/google', '/connect/google/{*rest}'],
    grant.express({
      defaults: { origin: config.publicUrl, prefix: `${config.basePath}/connect`, transport: 'session', state: true },
      google: {
        key: google.clientId,
        secret: google.clientSecret,
        authorize_url: google.authorizeUrl,
        access_url: google.tokenUrl,
        profile_url: google.userinfoUrl,
        response: ['tokens', 'profile'],
        scope: ['openid', 'email', 'profile'],
        callback: `${config.basePath}/auth/google/callback`,
        custom_params: { prompt: 'select_account' },
        overrides: { signup: { custom_params: { prompt: 'consent' } } },
      },
    }),
  );

  router.get('/auth/google/callback', async (req, res) => {
    const response = grantSessionOf(req)?.response;
    const profile = response?.profile;
    const verified = profile?.email_verified === true || profile?.email_verified === 'true';
    if (response?.error || !profile?.sub || !profile.email || !verified) {
      refuse(req, res, response?.error ? 'provider error' : 'no verified email');
      return;
    }
    const callbackUrl = req.session.oauth?.callbackUrl ?? dashboard;
    const { user, linked } = await findOrCreateGoogleUser({ ...profile, sub: profile.sub, email: profile.email });
    await activity.record({
      workspaceId: null,
      actorUserId: user.id,
      action: 'user.signed_in_with_google',
      entityType: 'user',
      entityId: user.externalId,
    });
    await sessions.signIn(req, user.id, { remember: false, viaGoogle: true });
    // A newly linked Google account is a new way in: sessions opened before it (perhaps by whoever registered the
    // address first) end.
    if (linked) await sessions.endOtherSessions(user.id, req.sessionID);
    res.redirect(callbackUrl);
  });

  return router;
}

/**
 * The Google account is linked to the user with the same (verified) email, or a new user is made for it.
 * A password set on an account whose email was never verified is dropped when Google proves the address:
 * otherwise whoever registered someone else's email first would keep a way into the real owner's account.
 */
async function findOrCreateGoogleUser(profile: GoogleProfile & { sub: string; email: string }): Promise<{ user: User; linked: boolean }> {
  const bySubject = await User.query().findOne({ google_subject: profile.sub });
  if (bySubject) return { user: bySubject, linked: false };
  const byEmail = await findUserByEmail(profile.email);
  if (byEmail) {
    const user = await byEmail.$query().patchAndFetch({
      googleSubject: profile.sub,
      emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date(),
      passwordHash: byEmail.emailVerifiedAt ? byEmail.passwordHash : null,
    });
    return { user, linked: true };
  }
  try {
    const user = await User.query()
      .insert({
        name: profile.name?.trim() || profile.email.split('@')[0],
        email: profile.email,
        googleSubject: profile.sub,
        emailVerifiedAt: new Date(),
        passwordHash: null,
      })
      .returning('*');
    return { user, linked: false };
  } catch (error) {
    // Two first sign-ins of one new account at once: the unique index lets one insert win; the other links to it.
    if ((error as { nativeError?: { code?: string } }).nativeError?.code !== '23505') throw error;
    return findOrCreateGoogleUser(profile);
  }
}
