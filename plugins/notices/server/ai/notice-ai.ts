import { inject, injectable, optional } from 'inversify';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import {
  AI_MESSAGES,
  AI_PROVIDER_LABELS,
  AiError,
  createBuiltinAiService,
  kolkataToday,
  TOKENS,
  type ActivityService,
  type AiService,
  type ClientDirectory,
  type Logger,
  type NoticeAnalysis,
  type NoticeAnalysisInput,
  type WorkspacePluginStates,
} from '../../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService } from '../../../documents/server/tokens';
import type { NoticeView } from '../../shared/wire';
import { noticeActivity, portalSyncEntry } from '../activity-text';
import { attachmentsIn } from '../documents-plugin';
import { Notice, NoticeHearing } from '../models';
import { NoticeService, type NoticeActor } from '../notice-service';
import { analysisChanges } from './analysis-changes';
import { automaticPriority } from './automatic-priority';
import { noticeTextOf, type NoticeText } from './notice-text';

const HEARING_NOTES = 'Taken from the notice by the AI analysis.';
/** The fields a member's analysis keeps when the sync's built-in analysis runs after it. */
const AI_TEXT_FIELDS = ['summary', 'actionItems', 'draftReply', 'aiProvider', 'aiModel', 'aiProcessedAt'] as const;

/**
 * The call's answer, or AiError timed-out once `deadline` (epoch ms) passes: its signal then aborts, so a provider that
 * listens stops its request, and an answer that still comes is dropped unsaved.
 */
function withDeadline<T>(call: (signal?: AbortSignal) => Promise<T>, deadline: number | undefined): Promise<T> {
  if (deadline === undefined) return call();
  const giveUp = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => {
        giveUp.abort();
        reject(new AiError(AI_MESSAGES.timedOut, 'timed-out'));
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([call(giveUp.signal), late]).finally(() => clearTimeout(timer));
}

interface ProcessOptions {
  /** Epoch ms: no answer by then is AiError timed-out, and a later one is dropped unsaved. */
  deadline?: number;
  /** The built-in analyzer whatever the installation's provider (the demo workspace's notices). */
  builtinOnly?: boolean;
}

/** Who an analysis is recorded for: a member's `process-ai`, or the portal sync. */
type Analyst = { actor: NoticeActor } | 'portal-sync';

/** The notice's AI analysis: `process-ai` with the configured provider, and the built-in one on notices a sync brings. */
@injectable()
export class NoticeAi {
  private readonly builtinAi: AiService;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Ai) private readonly ai: AiService,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.WorkspacePlugins) private readonly plugins: WorkspacePluginStates,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(NoticeService) private readonly notices: NoticeService,
    @inject(ATTACHMENT_SERVICE) @optional() private readonly attachments: AttachmentService | undefined,
  ) {
    this.builtinAi = createBuiltinAiService(logger);
  }

  /**
   * `POST notices/{id}/process-ai`'s work: analyse, fill the AI fields and the empty ones, record the activity. Rejects
   * with `AiError` when there is no text, when the provider fails, or when no answer came by the deadline; nothing is
   * saved then.
   */
  async process(actor: NoticeActor, noticeId: string, { deadline, builtinOnly = false }: ProcessOptions = {}): Promise<NoticeView> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const text = await this.textOf(notice);
    if (!text.text) throw new AiError(AI_MESSAGES.noText, 'no-text');
    const input = await this.inputOf(notice, text.text);
    const ai = builtinOnly ? this.builtinAi : this.ai;
    const analysis = await withDeadline((signal) => ai.analyseNotice(input, { signal }), deadline);
    const saved = await this.knex.transaction(async (trx) => {
      const row = await this.notices.findVisibleRow(actor, noticeId, trx);
      return this.save(row, analysis, text.unread, { actor }, trx);
    });
    return this.notices.view(actor, saved);
  }

  /**
   * For a notice a portal sync just created or changed: the built-in analyzer (no network, no cost) fills the AI fields
   * (unless a member's analysis holds them) and the empty ones, and sets the automatic priority. Never throws for an
   * analysis problem: it is logged.
   */
  async analyseSyncedNotice(workspaceId: number, noticeId: number): Promise<void> {
    try {
      const notice = await Notice.inWorkspace(workspaceId).where('notices.id', noticeId).first();
      if (!notice) return;
      // The portal's own text of the notice, not its PDFs: a sync brings many notices at once and reading each PDF
      // back would cost most of the sync; Process with AI reads them when a member asks.
      const text: NoticeText = { text: notice.description, unread: [] };
      const analysis = await this.inputOf(notice, text.text)
        .then((input) => this.builtinAi.analyseNotice(input))
        .catch((error: unknown) => {
          this.logger.info({ workspaceId, noticeId, err: (error as Error).message }, 'no built-in analysis of a synced notice');
          return null;
        });
      await this.knex.transaction(async (trx) => {
        const row = await Notice.inWorkspace(workspaceId, trx).where('notices.id', noticeId).forUpdate().first();
        if (!row) return;
        if (analysis) await this.save(row, analysis, text.unread, 'portal-sync', trx);
        else await this.applyAutomaticPriority(row, trx);
      });
    } catch (error) {
      this.logger.warn({ workspaceId, noticeId, err: (error as Error).message }, 'analysing a synced notice failed');
    }
  }

  private async textOf(notice: Notice): Promise<NoticeText> {
    return noticeTextOf(notice, await attachmentsIn(notice.workspaceId, this.plugins, this.attachments), this.clients);
  }

  private async inputOf(notice: Notice, text: string): Promise<NoticeAnalysisInput> {
    const client = (await this.clients.byIds(notice.workspaceId, [notice.clientId])).get(notice.clientId);
    return {
      workspaceId: notice.workspaceId,
      text,
      known: {
        department: notice.department,
        noticeType: notice.noticeType,
        reference: notice.reference,
        dateOfIssuance: notice.dateOfIssuance,
        dueDate: notice.dueDate,
        clientName: client?.name ?? null,
        clientPan: client?.panNumber || null,
      },
      today: kolkataToday(),
    };
  }

  /** Writes the analysis on the locked `row`, adds the hearing it names, and records the entry; answers the row after. */
  private async save(row: Notice, analysis: NoticeAnalysis, unread: string[], analyst: Analyst, trx: Knex.Transaction): Promise<Notice> {
    const hearings = await NoticeHearing.inWorkspace(row.workspaceId, trx).where('notice_id', row.id).select('hearing_date');
    const hearingDates = new Set(hearings.map((hearing) => hearing.hearingDate));
    const changes = analysisChanges(row, analysis, { today: kolkataToday(), processedAt: new Date(), hearingDates });
    const bySync = analyst === 'portal-sync';
    // The sync reads the portal's description only: an analysis a member asked for (which may have read the PDFs)
    // stays, whichever provider made it, and the sync fills the register's gaps only.
    const keepsMemberAnalysis = bySync && row.aiProvider !== null && !row.aiBySync;
    const patch: PartialModelObject<Notice> = { ...changes.patch, aiBySync: bySync };
    if (keepsMemberAnalysis) for (const field of [...AI_TEXT_FIELDS, 'aiBySync'] as const) delete patch[field];
    const after = Object.keys(patch).length ? await Notice.query(trx).patchAndFetchById(row.id, patch) : row;
    if (changes.hearing) {
      await NoticeHearing.query(trx).insert({
        workspaceId: row.workspaceId,
        noticeId: row.id,
        ...changes.hearing,
        notes: HEARING_NOTES,
        createdBy: bySync ? null : analyst.actor.userId,
      });
    }
    if (keepsMemberAnalysis && !changes.filled.length && !changes.details.length) return after;
    const entry = noticeActivity.aiProcessed(AI_PROVIDER_LABELS[analysis.provider], { filled: changes.filled, details: changes.details, unread });
    if (bySync) await this.activity.record(portalSyncEntry(row.workspaceId, row.externalId, entry), trx);
    else await this.notices.recordActivity(analyst.actor, after, entry, trx);
    return after;
  }

  /** A synced notice with nothing to analyse still gets its priority from its reply-by date and amount. */
  private async applyAutomaticPriority(row: Notice, trx: Knex.Transaction): Promise<void> {
    if (row.prioritySetByMember) return;
    const priority = automaticPriority({ replyBy: row.dueDate, amountPaise: row.amountPaise, today: kolkataToday() });
    if (priority !== row.priority) await Notice.query(trx).patch({ priority }).where('id', row.id);
  }
}
