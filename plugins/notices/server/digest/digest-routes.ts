import { parseBody, type PluginRouter } from '../../../../core/plugin-api';
import { NOTICE_SYNC_ROUTES } from '../../shared/wire';
import { digestSubscriptionSchema, readDigestSubscription, saveDigestSubscription } from './digest-subscription';

const ROUTE = `/${NOTICE_SYNC_ROUTES.digestSubscription}`;

/**
 * `notices/digest-subscription`: each member, of any role, reads and sets only their own switch. Mounted before the
 * register's `notices/:noticeId` routes so the path is not read as a notice id.
 */
export function digestRoutes(router: PluginRouter): void {
  router.get(ROUTE, {}, async (_req, _res, { membership, user }) => ({
    data: await readDigestSubscription(membership.workspace.id, user.id),
  }));

  router.put(ROUTE, {}, async (req, _res, { membership, user }) => ({
    data: await saveDigestSubscription(membership.workspace.id, user.id, parseBody(digestSubscriptionSchema, req.body)),
  }));
}
