import type { Knex } from 'knex';
import {
  clientLifecyclePoint,
  TOKENS,
  type ActivityService,
  type ClientBeingDeleted,
  type ClientLifecycleContext,
} from '../../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../../documents/server/tokens';
import { NOTICE_ENTITY } from '../../shared/wire';
import type { NoticeActivity } from '../activity-text';
import { Notice } from '../models';
import { ClientSync } from '../sync/client-sync';

const deletedWithClient = (reference: string, clientName: string): NoticeActivity => ({
  action: 'notice.deleted',
  text: `Notice ${reference} deleted with the client ${clientName}`,
});

/**
 * A notice is always about its client, so a deleted client's notices go with it (the foreign key cascades, taking
 * their hearings and reminders). Before that, their attachment links go (the documents stay in the folder tree), and
 * each notice's history gets an entry naming the client, so the audit trail says where every notice went.
 */
async function removeClientNotices(client: ClientBeingDeleted, trx: Knex.Transaction, context: ClientLifecycleContext): Promise<void> {
  const notices = await Notice.inWorkspace(client.workspaceId, trx).where('notices.client_id', client.id).select('external_id', 'reference');
  if (!notices.length) return;
  // Installed or not, enabled or not: links made while the documents plugin was on are still there.
  const attachments = context.container.isBound(ATTACHMENT_SERVICE) ? context.container.get<AttachmentService>(ATTACHMENT_SERVICE) : null;
  const activity = context.container.get<ActivityService>(TOKENS.Activity);
  for (const notice of notices) {
    await attachments?.unlinkAll({ workspaceId: client.workspaceId, entityType: NOTICE_ENTITY, entityId: notice.externalId }, trx);
    const entry = deletedWithClient(notice.reference, client.name);
    await activity.record(
      {
        workspaceId: client.workspaceId,
        actorUserId: context.actorUserId,
        action: entry.action,
        entityType: NOTICE_ENTITY,
        entityId: notice.externalId,
        metadata: { text: entry.text, reference: notice.reference, clientName: client.name },
      },
      trx,
    );
  }
}

export const noticeClientLifecycle = clientLifecyclePoint.contribute({
  async beforeDelete(client, trx, context) {
    await context.container.get(ClientSync).failLoginsOfDeletedClient(client, trx);
    await removeClientNotices(client, trx, context);
  },
});
