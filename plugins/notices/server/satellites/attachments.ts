import { z } from 'zod';
import { singleLineText } from '../../../../core/plugin-api';
import type { AttachmentService, AttachmentTarget, AttachmentView } from '../../../documents/server/tokens';
import { NOTICE_ENTITY, NOTICE_MESSAGES } from '../../shared/wire';
import { noticeActivity } from '../activity-text';
import type { Notice } from '../models';
import type { NoticeActor, NoticeService } from '../notice-service';

const MAX_DOCUMENT_ID_LENGTH = 100;

/** `POST notices/:noticeId/attachments`: the document uploaded through the documents plugin's flow. */
export const attachmentSchema = z.object({
  documentId: singleLineText({ label: 'Document', max: MAX_DOCUMENT_ID_LENGTH, error: NOTICE_MESSAGES.documentRequired })
    .trim()
    .min(1, NOTICE_MESSAGES.documentRequired),
});

const targetOf = (actor: NoticeActor, notice: Notice): AttachmentTarget => ({
  workspaceId: actor.workspace.id,
  entityType: NOTICE_ENTITY,
  entityId: notice.externalId,
});

/**
 * A notice's documents, linked through the documents plugin (spec 2 section 7). The routes have checked that the
 * plugin is on; the notice must be one the member sees.
 */
export class NoticeAttachments {
  constructor(
    private readonly documents: AttachmentService,
    private readonly notices: NoticeService,
  ) {}

  async list(actor: NoticeActor, noticeId: string): Promise<AttachmentView[]> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    return this.documents.list(targetOf(actor, notice), actor);
  }

  async link(actor: NoticeActor, noticeId: string, documentId: string): Promise<AttachmentView> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const { attachment, linkedNow } = await this.documents.link(targetOf(actor, notice), documentId, actor.userId);
    if (linkedNow) await this.notices.recordActivity(actor, notice, noticeActivity.attachmentAdded(attachment.document.filename));
    return attachment;
  }

  async unlink(actor: NoticeActor, noticeId: string, attachmentId: string): Promise<void> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const target = targetOf(actor, notice);
    const attachment = (await this.documents.list(target)).find((candidate) => candidate.id === attachmentId);
    await this.documents.unlink(target, attachmentId);
    await this.notices.recordActivity(actor, notice, noticeActivity.attachmentRemoved(attachment?.document.filename ?? 'a file'));
  }
}
