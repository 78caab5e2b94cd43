import express from 'express';
import { ContainerModule } from 'inversify';
import type { CoreModule } from '../plugins/core-module';
import { authRoutes } from './auth-routes';
import { googleSignInRoutes } from './google';
import { PasswordCheck } from './password-check';
import { profileRoutes } from './profile-routes';
import { SessionRegistry } from './session-registry';
import { sessionRoutes } from './session-routes';
import { stepUpRoutes } from './step-up-routes';

/** Sign-up, sign-in (password and Google), the signed-in user's profile and their sessions. */
export const authModule: CoreModule = {
  id: 'auth',
  containerModule: new ContainerModule(({ bind }) => {
    bind(SessionRegistry).toSelf();
    bind(PasswordCheck).toSelf();
  }),
  appRoutes: (container) => express.Router().use(googleSignInRoutes(container)).use('/auth', authRoutes(container)),
  apiRoutes: (container) => express.Router().use(profileRoutes(container)).use(sessionRoutes(container)).use(stepUpRoutes(container)),
};
