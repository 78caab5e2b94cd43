import type { PluginRouter } from '../../../../core/plugin-api';
import { NOTICE_MESSAGES, NOTICE_SYNC_ROUTES, NOTICES_PERMISSIONS, type RefreshResponse } from '../../shared/wire';
import { NoticeSync } from './notice-sync';
import { SyncStatusStreams } from './sync-status-streams';

/** Spec 2 section 7: `POST notices/refresh` and the `GET notices/sync-status` stream. */
export function noticeSyncRoutes(router: PluginRouter): void {
  router.post(
    `/${NOTICE_SYNC_ROUTES.refresh}`,
    { permission: NOTICES_PERMISSIONS.edit, forbiddenMessage: NOTICE_MESSAGES.forbiddenEdit },
    (_req, _res, { container, membership, user }): Promise<RefreshResponse> =>
      container.get(NoticeSync).refresh({ workspace: membership.workspace, startedBy: user.id, trigger: 'MANUAL' }),
  );

  router.get(`/${NOTICE_SYNC_ROUTES.syncStatus}`, {}, async (req, res, { container, membership, user }) => {
    await container.get(SyncStatusStreams).open(req, res, {
      workspaceId: membership.workspace.id,
      userExternalId: user.externalId,
      seesDetails: membership.role !== 'CLIENT',
    });
  });
}
