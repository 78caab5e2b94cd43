import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  TOKENS,
  type ClientDirectory,
  type Config,
  type NotificationAudience,
  type NotificationService,
  type WorkspaceDirectory,
  type WorkspaceRef,
  addDays,
  daysBetween,
  kolkataToday,
} from '../../../core/plugin-api';
import { NOTICE_ENTITY, NOTICE_REMINDER_DAYS, OPEN_NOTICE_STATUSES } from '../shared/wire';
import { dayInWords } from './activity-text';
import { Notice, type NoticeReminderSent } from './models';

type ReminderKind = NoticeReminderSent['kind'];
type Deadline = NoticeReminderSent['deadline'];

const DEADLINE_COLUMNS: Record<Deadline, 'due_date' | 'target_date'> = { DUE: 'due_date', TARGET: 'target_date' };

/** One kind of reminder for the notices whose deadline falls between `earliest` and `latest` (either end open when null). */
interface ReminderWindow {
  kind: ReminderKind;
  deadline: Deadline;
  daysBefore: number;
  earliest: string | null;
  latest: string;
}

interface ClaimedReminder {
  noticeId: number;
  window: ReminderWindow;
}

const ASCENDING_DAYS = [...NOTICE_REMINDER_DAYS].sort((a, b) => a - b);
const STAFF_IN_CHARGE: NotificationAudience = { roles: ['OWNER', 'ADMIN'] };

/**
 * The windows a run on `today` looks at. A threshold covers the days down to the next smaller one, so a run that
 * missed a day still raises the nearest threshold not yet raised, and only that one (a notice due in 5 days gets the
 * 7-day reminder once, not also a late 3-day one). The due date itself counts as the 1-day threshold.
 */
function windowsOn(today: string): ReminderWindow[] {
  const dueSoon = (['DUE', 'TARGET'] as const).flatMap((deadline) =>
    ASCENDING_DAYS.map((days, index): ReminderWindow => ({
      kind: 'NOTICE_DUE_SOON',
      deadline,
      daysBefore: days,
      earliest: addDays(today, index === 0 ? 0 : ASCENDING_DAYS[index - 1]! + 1),
      latest: addDays(today, days),
    })),
  );
  // Overdue is about the statutory due date only: missing the firm's own target is not a default.
  return [...dueSoon, { kind: 'NOTICE_OVERDUE', deadline: 'DUE', daysBefore: 0, earliest: null, latest: addDays(today, -1) }];
}

function whenFrom(today: string, day: string): string {
  const left = daysBetween(today, day);
  if (left === 0) return 'today';
  return left === 1 ? 'tomorrow' : `in ${left} days`;
}

/** "Reply to ASMT-10 for Sharma Traders is due in 3 days (31 Mar 2026)" and its siblings. */
function wordsOf(window: ReminderWindow, notice: Notice, clientName: string, today: string): { title: string; message: string } {
  const subject = `${notice.noticeType} for ${clientName}`;
  const day = window.deadline === 'DUE' ? notice.dueDate! : notice.targetDate!;
  if (window.kind === 'NOTICE_OVERDUE') return { title: 'Notice reply overdue', message: `Reply to ${subject} was due on ${dayInWords(day)}` };
  const when = whenFrom(today, day);
  return window.deadline === 'TARGET'
    ? { title: `Internal target ${when}`, message: `Internal target for ${subject} is ${when} (${dayInWords(day)})` }
    : { title: `Notice reply due ${when}`, message: `Reply to ${subject} is due ${when} (${dayInWords(day)})` };
}

/**
 * The daily reminders of open notices: NOTICE_DUE_SOON 7, 3 and 1 days before the due date and the target date,
 * NOTICE_OVERDUE once the due date has passed. Each goes out once per notice, deadline, date and threshold: its row in
 * `notices_reminders_sent` is claimed first, and only the run whose claim took raises it, so two workers running the
 * same job at once raise each reminder once.
 */
@injectable()
export class NoticeReminders {
  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Notifications) private readonly notifications: NotificationService,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Config) private readonly config: Config,
  ) {}

  /** Answers how many reminders were raised. */
  async remindDue(workspaceId: number, today: string = kolkataToday()): Promise<number> {
    const workspace = await this.workspaces.byId(workspaceId);
    if (!workspace) return 0;
    return this.knex.transaction(async (trx) => {
      const claimed: ClaimedReminder[] = [];
      for (const window of windowsOn(today)) claimed.push(...(await this.claim(trx, workspace.id, window)));
      if (!claimed.length) return 0;
      await this.raise(trx, workspace, claimed, today);
      return claimed.length;
    });
  }

  private async claim(trx: Knex.Transaction, workspaceId: number, window: ReminderWindow): Promise<ClaimedReminder[]> {
    const column = DEADLINE_COLUMNS[window.deadline];
    const { earliest } = window;
    const claimed: { rows: { notice_id: string | number }[] } = await trx.raw(
      `insert into notices_reminders_sent (workspace_id, notice_id, kind, deadline, day, days_before)
       select workspace_id, id, ?, ?, ${column}, ? from notices
       where workspace_id = ? and status = any(?::text[]) and ${column} <= ? ${earliest === null ? '' : `and ${column} >= ?`}
       on conflict do nothing
       returning notice_id`,
      [
        window.kind,
        window.deadline,
        window.daysBefore,
        workspaceId,
        [...OPEN_NOTICE_STATUSES],
        window.latest,
        ...(earliest === null ? [] : [earliest]),
      ],
    );
    return claimed.rows.map((row) => ({ noticeId: Number(row.notice_id), window }));
  }

  private async raise(trx: Knex.Transaction, workspace: WorkspaceRef, claimed: ClaimedReminder[], today: string): Promise<void> {
    const rows = await Notice.inWorkspace(workspace.id, trx).whereIn(
      'notices.id',
      claimed.map((claim) => claim.noticeId),
    );
    const notices = new Map(rows.map((notice) => [notice.id, notice]));
    const clients = await this.clients.byIds(
      workspace.id,
      rows.map((notice) => notice.clientId),
      trx,
    );
    const people = await this.workspaces.people(
      workspace.id,
      rows.flatMap((notice) => (notice.assignedTo === null ? [] : [notice.assignedTo])),
    );
    for (const { noticeId, window } of claimed) {
      const notice = notices.get(noticeId)!;
      // Nobody in charge (unassigned, the assignee has left, or a CLIENT member no longer standing for the notice's
      // client): the owners and admins hear of it.
      const assignee = notice.assignedTo === null ? undefined : people.get(notice.assignedTo);
      const inCharge = await this.clients.memberSeesClient(workspace.id, assignee, notice.clientId, trx);
      const audience = assignee && inCharge ? { userId: assignee.userId } : STAFF_IN_CHARGE;
      await this.notifications.raise(
        workspace.id,
        audience,
        {
          eventType: window.kind,
          ...wordsOf(window, notice, clients.get(notice.clientId)?.name ?? 'a deleted client', today),
          priority: window.kind === 'NOTICE_OVERDUE' ? 'high' : 'medium',
          actionUrl: `${this.config.basePath}/w/${workspace.externalId}/notices/${notice.externalId}`,
          metadata: { entityType: NOTICE_ENTITY, entityId: notice.externalId },
        },
        { trx },
      );
    }
  }
}
