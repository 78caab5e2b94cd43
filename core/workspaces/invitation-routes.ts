import express, { type Router } from 'express';
import type { Container } from 'inversify';
import { parseBody, requireUser } from '../platform/http';
import { sessionGuard } from './access';
import { invitationTokenSchema } from './invitation-links';
import { InvitationAcceptance } from './invitations';

/**
 * `{app}/api/v1/invitations/...`: the page an emailed invitation link opens. The token names the invitation, so these
 * routes name no workspace; reading it needs no session, accepting it the invited address, signed in and verified.
 */
export function invitationRoutes(container: Container): Router {
  const invitations = container.get(InvitationAcceptance);
  const router = express.Router();

  router.get('/invitations/lookup', async (req, res) => {
    const { token } = parseBody(invitationTokenSchema, req.query);
    res.json({ invitation: await invitations.lookup(token) });
  });

  router.post('/invitations/accept', sessionGuard, async (req, res) => {
    const { token } = parseBody(invitationTokenSchema, req.body);
    res.json(await invitations.accept(token, requireUser(req)));
  });

  return router;
}
