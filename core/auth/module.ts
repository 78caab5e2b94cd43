import express from 'express';
import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { authRoutes } from './auth-routes';
import { emailVerificationRoutes } from './email-verification-routes';
import { googleSignInRoutes } from './google';
import { PasswordCheck } from './password-check';
import { passwordResetRoutes } from './password-reset-routes';
import { profileRoutes } from './profile-routes';
import { SessionRegistry } from './session-registry';
import { sessionRoutes } from './session-routes';
import { stepUpRoutes } from './step-up-routes';

/** Sign-up with a verified address, sign-in (password and Google), password reset, the user's profile and their sessions. */
export const authModule: CoreModule = {
  id: 'auth',
  containerModule: new ContainerModule(({ bind }) => {
    bind(SessionRegistry).toSelf();
    bind(PasswordCheck).toSelf();
    bind(AccountTokens).toSelf();
    bind(AccountMail).toSelf();
  }),
  appRoutes: (container) =>
    express
      .Router()
      .use(googleSignInRoutes(container))
      .use('/auth', authRoutes(container), emailVerificationRoutes(container), passwordResetRoutes(container)),
  apiRoutes: (container) => express.Router().use(profileRoutes(container)).use(sessionRoutes(container)).use(stepUpRoutes(container)),
};
