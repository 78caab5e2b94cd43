import express from 'express';
import type { CoreModule } from '../plugins/core-module';
import { authRoutes } from './auth-routes';
import { googleSignInRoutes } from './google';
import { profileRoutes } from './profile-routes';

/** Sign-up, sign-in (password and Google) and the signed-in user's profile. */
export const authModule: CoreModule = {
  id: 'auth',
  appRoutes: (container) => express.Router().use(googleSignInRoutes(container)).use('/auth', authRoutes(container)),
  apiRoutes: profileRoutes,
};
