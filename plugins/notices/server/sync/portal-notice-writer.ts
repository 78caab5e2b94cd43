import { inject, injectable, optional } from 'inversify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  HttpError,
  isCalendarDate,
  kolkataToday,
  multilineText,
  singleLineText,
  TOKENS,
  type ActivityService,
  type Logger,
  type Membership,
  type WorkspacePluginStates,
  type WorkspaceRef,
} from '../../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../../documents/server/tokens';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NOTICE_TYPE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TAX_PERIOD_LENGTH,
  NOTICE_DEPARTMENTS,
  NOTICE_ENTITY,
  OPEN_NOTICE_STATUSES,
  type NoticeStatus,
} from '../../shared/wire';
import { noticeActivity, portalSyncEntry, type NoticeActivity } from '../activity-text';
import { automaticPriority } from '../ai/automatic-priority';
import { NoticeAi } from '../ai/notice-ai';
import { attachmentsIn } from '../documents-plugin';
import { isDuplicateReference, Notice } from '../models';
import { paiseToRupees } from '../notice-views';
import { rupeesToPaise } from '../schemas';
import { PortalError, type PortalNotice, type PortalNoticeDocument } from '../tokens';

/** Portal states that mean the department has closed the notice: such a notice is saved (or becomes) RESOLVED. */
const CLOSED_PORTAL_STATES = new Set(['CLOSED', 'DISPOSED', 'COMPLETED', 'RESOLVED']);
const MAX_FILENAME_LENGTH = 200;

const calendarDay = z.string().refine(isCalendarDate).nullable();

/** A connector's notice checked as a form's would be: a third party's data never reaches the register unchecked. */
const portalNoticeSchema = z.object({
  reference: singleLineText({ label: 'Reference', max: MAX_REFERENCE_LENGTH }).trim().min(1),
  department: z.enum(NOTICE_DEPARTMENTS),
  noticeType: singleLineText({ label: 'Notice type', max: MAX_NOTICE_TYPE_LENGTH }).trim().min(1),
  description: multilineText({ label: 'Description', max: MAX_DESCRIPTION_LENGTH }).trim(),
  dateOfIssuance: calendarDay,
  dueDate: calendarDay,
  taxPeriod: singleLineText({ label: 'Tax period', max: MAX_TAX_PERIOD_LENGTH }).trim().nullable(),
  amountDemanded: z
    .string()
    .nullable()
    .transform((rupees, context) => {
      if (rupees === null) return null;
      const paise = rupeesToPaise(rupees.trim());
      if (paise === null) context.addIssue({ code: 'custom', message: 'not an amount in rupees' });
      return paise;
    }),
  portalStatus: z.string(),
  documents: z.array(
    z.object({
      filename: singleLineText({ label: 'File name', max: MAX_FILENAME_LENGTH }).trim().min(1),
      download: z.custom<PortalNoticeDocument['download']>((value) => typeof value === 'function'),
    }),
  ),
});
type CheckedNotice = z.output<typeof portalNoticeSchema>;

/** The fields a portal speaks for, as the register stores them. */
type PortalFields = Pick<Notice, 'noticeType' | 'description' | 'dateOfIssuance' | 'dueDate' | 'taxPeriod' | 'amountPaise'>;

/** Who the sync is for: the client of one login, the connector's label, and the member files are filed under. */
export interface SyncTarget {
  workspace: WorkspaceRef;
  client: { id: number; externalId: string };
  sourceLabel: string;
  /** The member who started the run (or, for a scheduled one, an owner); documents record who uploaded them. */
  uploader: { membership: Membership; user: { id: number } };
}

export interface WriteOutcome {
  created: number;
  updated: number;
  /** A portal that failed part-way (e.g. while a PDF was downloaded): the notices before it are saved. */
  failure: PortalError | null;
}

const rupeesText = (paise: number | null) => (paise === null ? null : `₹${paiseToRupees(paise)}`);
const isClosed = (notice: CheckedNotice) => CLOSED_PORTAL_STATES.has(notice.portalStatus.trim().toUpperCase());

/** The history entries of a change the sync made, in the order the details page shows them. */
function changesOf(before: Notice, patch: Partial<PortalFields & { status: NoticeStatus }>): NoticeActivity[] {
  const entries: NoticeActivity[] = [];
  if (patch.status !== undefined) entries.push(noticeActivity.status(before.status, patch.status));
  if (patch.noticeType !== undefined) entries.push(noticeActivity.text('Notice type', before.noticeType, patch.noticeType));
  if (patch.description !== undefined) entries.push(noticeActivity.description());
  if (patch.dateOfIssuance !== undefined) entries.push(noticeActivity.date('Date of issuance', before.dateOfIssuance, patch.dateOfIssuance));
  if (patch.dueDate !== undefined) entries.push(noticeActivity.date('Due date', before.dueDate, patch.dueDate));
  if (patch.taxPeriod !== undefined) entries.push(noticeActivity.text('Tax period', before.taxPeriod, patch.taxPeriod));
  if (patch.amountPaise !== undefined)
    entries.push(noticeActivity.text('Amount demanded', rupeesText(before.amountPaise), rupeesText(patch.amountPaise)));
  return entries;
}

/**
 * Saves a login's portal notices into the register: a new reference (any case) becomes a new notice, a known one is
 * brought up to date, never copied. On a notice the sync brought, the portal's fields follow the portal; on one the
 * firm entered or imported, the sync fills only the empty ones. A notice the portal has closed becomes RESOLVED.
 * Each notice commits on its own, with its PDFs attached and the built-in analysis run after, so a portal that fails
 * half-way leaves what came before it saved.
 */
@injectable()
export class PortalNoticeWriter {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.WorkspacePlugins) private readonly plugins: WorkspacePluginStates,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(NoticeAi) private readonly noticeAi: NoticeAi,
    @inject(ATTACHMENT_SERVICE) @optional() private readonly attachments: AttachmentService | undefined,
  ) {}

  /** `afterEachNotice` lets the sync report progress while a login with many notices is written. */
  async write(target: SyncTarget, portalNotices: PortalNotice[], afterEachNotice: () => Promise<void> = async () => {}): Promise<WriteOutcome> {
    const attachments = await attachmentsIn(target.workspace.id, this.plugins, this.attachments);
    const outcome: WriteOutcome = { created: 0, updated: 0, failure: null };
    for (const portalNotice of portalNotices) {
      const checked = portalNoticeSchema.safeParse(portalNotice);
      if (!checked.success) {
        this.logger.warn(
          {
            workspaceId: target.workspace.id,
            reference: String(portalNotice.reference).slice(0, MAX_REFERENCE_LENGTH),
            issues: checked.error.issues.length,
          },
          'a portal notice the connector handed over was left out: it does not fit the register',
        );
        continue;
      }
      const { notice, change } = await this.upsert(target, checked.data);
      if (change === 'created') outcome.created += 1;
      if (change === 'updated') outcome.updated += 1;
      try {
        if (attachments) await this.attachDocuments(attachments, target, notice, checked.data.documents);
      } catch (error) {
        if (!(error instanceof PortalError)) throw error;
        outcome.failure = error;
      }
      if (change !== 'unchanged') await this.noticeAi.analyseSyncedNotice(target.workspace.id, notice.id);
      if (outcome.failure) return outcome;
      await afterEachNotice();
    }
    return outcome;
  }

  /** One notice in its own transaction; two runs saving one reference at once: the loser finds the winner's row and updates it. */
  private async upsert(target: SyncTarget, notice: CheckedNotice): Promise<{ notice: Notice; change: 'created' | 'updated' | 'unchanged' }> {
    const save = () =>
      this.knex.transaction(async (trx) => {
        const known = await Notice.inWorkspace(target.workspace.id, trx)
          .where('notices.client_id', target.client.id)
          .whereRaw('upper(notices.reference) = upper(?)', [notice.reference])
          .forUpdate()
          .first();
        if (!known) return { notice: await this.insert(trx, target, notice), change: 'created' as const };
        const patch = this.patchOf(known, notice);
        if (!Object.keys(patch).length) return { notice: known, change: 'unchanged' as const };
        const updated = await Notice.query(trx).patchAndFetchById(known.id, { ...patch, portalSyncedAt: new Date() });
        for (const entry of changesOf(known, patch)) await this.record(target.workspace.id, updated, entry, trx);
        return { notice: updated, change: 'updated' as const };
      });
    try {
      return await save();
    } catch (error) {
      if (isDuplicateReference(error)) return save();
      throw error;
    }
  }

  private async insert(trx: Knex.Transaction, target: SyncTarget, notice: CheckedNotice): Promise<Notice> {
    const created = await Notice.query(trx).insertAndFetch({
      workspaceId: target.workspace.id,
      clientId: target.client.id,
      department: notice.department,
      noticeType: notice.noticeType,
      reference: notice.reference,
      description: notice.description,
      // Until the analysis runs (just after this commits), the priority already follows the due date and the amount.
      priority: automaticPriority({ replyBy: notice.dueDate, amountPaise: notice.amountDemanded, today: kolkataToday() }),
      prioritySetByMember: false,
      status: isClosed(notice) ? 'RESOLVED' : 'NEW',
      dateOfIssuance: notice.dateOfIssuance,
      dueDate: notice.dueDate,
      targetDate: null,
      taxPeriod: notice.taxPeriod || null,
      amountPaise: notice.amountDemanded,
      assignedTo: null,
      source: 'PORTAL',
      sourceLabel: target.sourceLabel,
      portalSyncedAt: new Date(),
      createdBy: null,
    });
    await this.record(
      target.workspace.id,
      created,
      { action: 'notice.synced', text: `Brought from the ${target.sourceLabel} portal by the portal sync` },
      trx,
    );
    return created;
  }

  private patchOf(known: Notice, notice: CheckedNotice): Partial<PortalFields & { status: NoticeStatus }> {
    const portal: PortalFields = {
      noticeType: notice.noticeType,
      description: notice.description,
      dateOfIssuance: notice.dateOfIssuance,
      dueDate: notice.dueDate,
      taxPeriod: notice.taxPeriod || null,
      amountPaise: notice.amountDemanded,
    };
    const followsPortal = known.source === 'PORTAL';
    const patch: Partial<PortalFields & { status: NoticeStatus }> = Object.fromEntries(
      (Object.keys(portal) as (keyof PortalFields)[]).flatMap((field) => {
        const value = portal[field];
        const current = known[field];
        if (value === null || value === '' || value === current) return [];
        return followsPortal || current === null || current === '' ? [[field, value]] : [];
      }),
    );
    if (isClosed(notice) && OPEN_NOTICE_STATUSES.includes(known.status)) patch.status = 'RESOLVED';
    return patch;
  }

  /** The notice's PDFs not attached yet (by file name): a notice synced again never downloads a file twice. */
  private async attachDocuments(
    attachments: AttachmentService,
    target: SyncTarget,
    notice: Notice,
    documents: CheckedNotice['documents'],
  ): Promise<void> {
    if (!documents.length) return;
    const where = { workspaceId: target.workspace.id, entityType: NOTICE_ENTITY, entityId: notice.externalId };
    const attached = new Set((await attachments.list(where)).map((attachment) => attachment.document.filename));
    for (const document of documents) {
      if (attached.has(document.filename)) continue;
      const body = await document.download();
      try {
        await attachments.attachFile(
          where,
          { filename: document.filename, body, directory: `notices/${notice.externalId}`, clientExternalId: target.client.externalId },
          target.uploader,
        );
      } catch (error) {
        // A file the workspace has no room for (or of a type documents refuses) stays on the portal; the notice is kept.
        if (!(error instanceof HttpError)) throw error;
        this.logger.warn({ workspaceId: target.workspace.id, status: error.status, err: error.message }, 'a portal PDF could not be attached');
        continue;
      }
      await this.record(target.workspace.id, notice, noticeActivity.attachmentAdded(document.filename));
    }
  }

  private async record(workspaceId: number, notice: Notice, entry: NoticeActivity, trx?: Knex.Transaction): Promise<void> {
    await this.activity.record(portalSyncEntry(workspaceId, notice.externalId, entry), trx);
  }
}
