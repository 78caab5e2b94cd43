import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import {
  TOKENS,
  addDays,
  kolkataToday,
  type ClientDirectory,
  type Config,
  type Mailer,
  type WorkspaceDirectory,
  type WorkspaceMemberSummary,
  type WorkspaceRef,
} from '../../../../core/plugin-api';
import { OPEN_NOTICE_STATUSES } from '../../shared/wire';
import { Notice } from '../models';
import { onlyVisible, visibleClientsOf, type VisibleClients } from '../notice-visibility';
import { NoticeDigestSent, NoticeDigestSubscription } from './digest-models';
import { DIGEST_DUE_SOON_DAYS, DIGEST_SECTION_LIMIT, digestEmail, isEmptyDigest, type DigestNotice, type DigestSection } from './digest-email';

/** With no earlier digest since the member subscribed, "new" means the last day. */
const FIRST_DIGEST_LOOKBACK_MS = 24 * 60 * 60 * 1000;

type NoticeQuery = QueryBuilder<Notice, Notice[]>;
/** Narrows the workspace's visible notices to one section's. */
type SectionQuery = (query: NoticeQuery) => NoticeQuery;
type SectionOrder = [column: string, direction: 'asc' | 'desc'];

/**
 * The daily notices digest email: for each member who subscribed in the workspace, the notices created since their
 * previous digest, the open ones due in the next 7 days and the overdue open ones, of the clients they may see.
 * Each member's day is claimed in `notices_digests_sent` before the mail is queued, in one transaction, so two
 * workers (or a retried job) send it once; a failed queueing undoes the claim and the job's retry sends it.
 */
@injectable()
export class NoticesDigest {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Mailer) private readonly mailer: Mailer,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  /** Answers how many digests were queued. */
  async sendDaily(workspaceId: number, now: Date = new Date()): Promise<number> {
    const workspace = await this.workspaces.byId(workspaceId);
    if (!workspace) return 0;
    const subscriptions = new Map(
      (await NoticeDigestSubscription.inWorkspace(workspaceId)).map((subscription) => [subscription.userId, subscription.createdAt]),
    );
    if (!subscriptions.size) return 0;
    const members = (await this.workspaces.members(workspaceId)).filter((member) => subscriptions.has(member.userId));
    await this.forgetLeavers(workspaceId, subscriptions, members);
    let sent = 0;
    for (const member of members) {
      if (await this.sendTo(workspace, member, subscriptions.get(member.userId)!, now)) sent += 1;
    }
    return sent;
  }

  /** Someone who left the workspace stops getting its digest, and starts unsubscribed if they come back. */
  private async forgetLeavers(workspaceId: number, subscriptions: Map<number, Date>, members: WorkspaceMemberSummary[]): Promise<void> {
    const current = new Set(members.map((member) => member.userId));
    const leavers = [...subscriptions.keys()].filter((userId) => !current.has(userId));
    if (leavers.length) await NoticeDigestSubscription.inWorkspace(workspaceId).whereIn('user_id', leavers).delete();
  }

  private sendTo(workspace: WorkspaceRef, member: WorkspaceMemberSummary, subscribedAt: Date, now: Date): Promise<boolean> {
    const today = kolkataToday(now);
    return this.knex.transaction(async (trx) => {
      const previous = await NoticeDigestSent.inWorkspace(workspace.id, trx)
        .where('user_id', member.userId)
        .where('day', '<', today)
        .orderBy('day', 'desc')
        .first();
      const claimed: unknown[] = await trx('notices_digests_sent')
        .insert({ workspace_id: workspace.id, user_id: member.userId, day: today, sent_at: now })
        .onConflict(['workspace_id', 'user_id', 'day'])
        .ignore()
        .returning('day');
      // Nothing inserted: another run has this member's day.
      if (!claimed.length) return false;

      const since = previous && previous.sentAt >= subscribedAt ? previous.sentAt : new Date(now.getTime() - FIRST_DIGEST_LOOKBACK_MS);
      const visible = await visibleClientsOf(this.clients, workspace.id, member, trx);
      const section = (narrow: SectionQuery, order: SectionOrder) => this.section(trx, workspace, visible, narrow, order);
      const open = (query: NoticeQuery) => query.whereIn('notices.status', [...OPEN_NOTICE_STATUSES]);
      const newNotices = await section((query) => query.where('notices.created_at', '>', since), ['notices.created_at', 'desc']);
      const dueSoon = await section(
        (query) => open(query).whereBetween('notices.due_date', [today, addDays(today, DIGEST_DUE_SOON_DAYS)]),
        ['notices.due_date', 'asc'],
      );
      const overdue = await section((query) => open(query).where('notices.due_date', '<', today), ['notices.due_date', 'asc']);
      if (isEmptyDigest({ newNotices, dueSoon, overdue })) return false;

      const email = digestEmail({
        memberName: member.name,
        workspaceName: workspace.name,
        today,
        newNotices,
        dueSoon,
        overdue,
        appUrl: `${this.config.publicUrl}${this.config.basePath}`,
        noticesUrl: this.noticesUrl(workspace),
        profileUrl: `${this.config.publicUrl}${this.config.basePath}/profile`,
      });
      await this.mailer.send({ to: member.email, ...email });
      return true;
    });
  }

  private async section(
    trx: Knex.Transaction,
    workspace: WorkspaceRef,
    visible: VisibleClients,
    narrow: SectionQuery,
    [column, direction]: SectionOrder,
  ): Promise<DigestSection> {
    const matching = () => narrow(Notice.inWorkspace(workspace.id, trx).modify(onlyVisible(visible)));
    const total = await matching().resultSize();
    if (!total) return { total, listed: [] };
    const notices = await matching().orderBy(column, direction).orderBy('notices.id').limit(DIGEST_SECTION_LIMIT);
    const clientNames = await this.clients.byIds(
      workspace.id,
      notices.map((notice) => notice.clientId),
      trx,
    );
    const noticesUrl = this.noticesUrl(workspace);
    return {
      total,
      listed: notices.map((notice): DigestNotice => ({
        noticeType: notice.noticeType,
        clientName: clientNames.get(notice.clientId)?.name ?? 'a deleted client',
        reference: notice.reference,
        dueDate: notice.dueDate,
        url: `${noticesUrl}/${notice.externalId}`,
      })),
    };
  }

  private noticesUrl(workspace: WorkspaceRef): string {
    return `${this.config.publicUrl}${this.config.basePath}/w/${workspace.externalId}/notices`;
  }
}
