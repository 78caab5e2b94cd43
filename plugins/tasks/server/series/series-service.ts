import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  badRequest,
  INPUT_MESSAGES,
  notFound,
  TOKENS,
  type ActivityService,
  type ClientDirectory,
  type ClientSummary,
  type Config,
  type NotificationService,
  type WorkspaceDirectory,
  type WorkspaceRef,
  addDays,
  kolkataToday,
} from '../../../../core/plugin-api';
import {
  CLIENT_ENTITY_TYPE,
  MAX_TITLE_LENGTH,
  SERIES_TITLE_CLIENT_PLACEHOLDER,
  TASK_ENTITY,
  TASK_MESSAGES,
  type RecurrenceView,
  type TaskClientRef,
  type TaskPriority,
  type TaskView,
} from '../../shared/wire';
import { TASK_ACTIONS } from '../activity-text';
import { Task, TaskSeries } from '../models';
import { TaskNotifier } from '../task-notifications';
import { TaskViews } from '../task-views';
import {
  datesAfter,
  firstDateFrom,
  occurrenceFor,
  ruleFieldsOf,
  summaryOf,
  upcomingDates,
  yieldsDates,
  type RecurrenceInput,
  type RuleFields,
} from './recurrence';

export type { RecurrenceInput } from './recurrence';

/** At most this many occurrences of one series per run: a long-missed series catches up over a few runs. */
export const MAX_OCCURRENCES_PER_RUN = 24;

/** What an edit with `applyTo: SERIES` changes on the template and the open occurrences from this one on. */
export interface SeriesChanges {
  title?: string;
  description?: string;
  priority?: TaskPriority;
  /** A member's user id. */
  assignedTo?: number | null;
  /** The client's serial id; null clears it. */
  clientId?: number | null;
  /** With a new client: the CLIENT links naming the old one (by external id) name the new one, or go with none. */
  clientLink?: { from: string; to: string | null };
  recurrence?: RecurrenceInput;
}

type TemplateChanges = Omit<SeriesChanges, 'recurrence' | 'clientLink'>;

/** Each row's CLIENT link to `from` moves to `to` (or goes); a row linked to anything else keeps its link. */
function followingClientLink({ from, to }: { from: string; to: string | null }) {
  const follow = (column: string, value: string | null) =>
    Task.raw(`case when entity_type = ? and entity_id = ? then ? else ${column} end`, [CLIENT_ENTITY_TYPE, from, value]);
  return { entityType: follow('entity_type', to === null ? null : CLIENT_ENTITY_TYPE), entityId: follow('entity_id', to) };
}

export interface SeriesSummary {
  externalId: string;
  recurrence: RecurrenceView;
}

/** "New recurring work": one series per client from one template. */
export interface RecurringWorkInput {
  clientIds: string[];
  titleTemplate: string;
  description: string;
  priority: TaskPriority;
  assignedToExternalId: string;
  firstDueDate: string;
  recurrence: RecurrenceInput;
}

export interface StartedSeries {
  seriesId: string;
  client: TaskClientRef;
  task: TaskView;
}

const ruleFieldsOfSeries = (series: TaskSeries): RuleFields => ({
  frequency: series.frequency,
  interval: series.interval,
  dayOfMonth: series.dayOfMonth,
  rrule: series.rrule,
  createDaysBefore: series.createDaysBefore,
});

const ruleColumns = (fields: RuleFields) => ({
  frequency: fields.frequency,
  interval: fields.interval,
  dayOfMonth: fields.dayOfMonth,
  rrule: fields.rrule,
  createDaysBefore: fields.createDaysBefore,
});

const clientRefOf = (client: ClientSummary): TaskClientRef => ({ externalId: client.externalId, name: client.name, clientType: client.clientType });

const noDatesIssue = () => badRequest(TASK_MESSAGES.invalidRecurrence, { recurrence: ['The rule gives no dates after the first due date'] });

/**
 * Recurring work: a series keeps the template and the rule, each occurrence is a task of its own. Occurrences are
 * made by the hourly job (and right after a series starts), once per series and date whatever the number of workers:
 * the series row is locked while its occurrences are made, and `(series_id, occurrence_date)` is unique.
 */
@injectable()
export class SeriesService {
  private readonly notifier: TaskNotifier;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Notifications) notifications: NotificationService,
    @inject(TOKENS.Config) config: Config,
  ) {
    this.notifier = new TaskNotifier(notifications, config, workspaces, clients);
  }

  /** Makes `task` the first occurrence of a new series that copies it, and catches up any occurrence already due. */
  async start(trx: Knex.Transaction, task: Task, recurrence: RecurrenceInput, actorUserId: number): Promise<TaskSeries> {
    if (!task.dueDate) throw badRequest(TASK_MESSAGES.recurrenceNeedsDueDate, { dueDate: [TASK_MESSAGES.recurrenceNeedsDueDate] });
    const fields = ruleFieldsOf(recurrence, task.dueDate);
    if (!yieldsDates(fields, task.dueDate)) throw noDatesIssue();
    const occurrence = occurrenceFor(fields, task.dueDate);
    const series = await TaskSeries.query(trx).insert({
      workspaceId: task.workspaceId,
      title: task.title,
      description: task.description,
      priority: task.priority,
      assignedTo: task.assignedTo,
      clientId: task.clientId,
      entityType: task.entityType,
      entityId: task.entityId,
      createdBy: actorUserId,
      ...ruleColumns(fields),
      anchorDate: task.dueDate,
      lastOccurrenceDate: occurrence,
    });
    await Task.query(trx).findById(task.id).patch({ seriesId: series.id, occurrenceDate: occurrence });
    task.seriesId = series.id;
    task.occurrenceDate = occurrence;
    const created = await this.createOccurrences(trx, series, kolkataToday());
    this.notifyAfterCommit(trx, task.workspaceId, created, actorUserId);
    return series;
  }

  /**
   * An edit of the whole series from `task` on: the template, every open occurrence due on or after `task` (the
   * caller changes `task` itself), and the rule when given (occurrences not made yet follow it, from `task`'s date).
   */
  async applyToSeries(trx: Knex.Transaction, task: Task, changes: SeriesChanges, actorUserId: number): Promise<void> {
    const series = task.seriesId === null ? undefined : await TaskSeries.inWorkspace(task.workspaceId, trx).findById(task.seriesId).forUpdate();
    if (!series) throw notFound(TASK_MESSAGES.seriesNotFound);
    const { recurrence, clientLink, ...given } = changes;
    const template = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as TemplateChanges;
    const from = task.dueDate ?? task.occurrenceDate ?? series.lastOccurrenceDate;
    const linkPatch = clientLink ? followingClientLink(clientLink) : {};
    const patch: Partial<TaskSeries> = { ...template, ...linkPatch };
    if (recurrence) {
      const fields = ruleFieldsOf(recurrence, from);
      if (!yieldsDates(fields, from)) throw noDatesIssue();
      // The new rule goes on after this task's own period: `from` or the rule's date this task stands for.
      const occurrence = occurrenceFor(fields, from);
      const lastOccurrenceDate = occurrence > series.lastOccurrenceDate ? occurrence : series.lastOccurrenceDate;
      Object.assign(patch, ruleColumns(fields), { anchorDate: from, lastOccurrenceDate });
    }
    if (Object.keys(patch).length) await TaskSeries.query(trx).findById(series.id).patch(patch);
    if (!Object.keys(template).length) return;
    const occurrences = await Task.inWorkspace(task.workspaceId, trx)
      .where('series_id', series.id)
      .whereNot('tasks.id', task.id)
      .whereNot('status', 'COMPLETED')
      .where('due_date', '>=', from);
    if (!occurrences.length) return;
    await Task.query(trx)
      .whereIn(
        'id',
        occurrences.map((occurrence) => occurrence.id),
      )
      .patch({ ...template, ...linkPatch });
    await this.recordSeriesEdits(trx, task.workspaceId, occurrences, template, actorUserId);
    const { assignedTo } = template;
    if (assignedTo !== undefined) {
      const reassigned = occurrences
        .filter((occurrence) => occurrence.assignedTo !== assignedTo)
        .map((occurrence) => Object.assign(occurrence, template));
      this.notifyAfterCommit(trx, task.workspaceId, reassigned, actorUserId);
    }
  }

  /** Ends the series of `task`: no occurrence is made after this. The tasks already made stay. */
  async stop(trx: Knex.Transaction, task: Task, actorUserId: number): Promise<void> {
    const series = task.seriesId === null ? undefined : await TaskSeries.inWorkspace(task.workspaceId, trx).findById(task.seriesId).forUpdate();
    if (!series) throw notFound(TASK_MESSAGES.seriesNotFound);
    if (series.stoppedAt) return;
    await TaskSeries.query(trx).findById(series.id).patch({ stoppedAt: new Date() });
    await this.activity.record(
      {
        workspaceId: task.workspaceId,
        actorUserId,
        action: TASK_ACTIONS.seriesStopped,
        entityType: TASK_ENTITY,
        entityId: task.externalId,
        metadata: { seriesId: series.externalId },
      },
      trx,
    );
  }

  /** The series of a page of tasks, by serial id: their external ids and rules as the API shows them. */
  async views(workspaceId: number, seriesIds: number[]): Promise<Map<number, SeriesSummary>> {
    if (!seriesIds.length) return new Map();
    const rows = await TaskSeries.inWorkspace(workspaceId).whereIn('id', seriesIds);
    return new Map(rows.map((series) => [series.id, { externalId: series.externalId, recurrence: this.recurrenceOf(series) }]));
  }

  private recurrenceOf(series: TaskSeries): RecurrenceView {
    const fields = ruleFieldsOfSeries(series);
    const upcoming = series.stoppedAt ? [] : upcomingDates(fields, series.anchorDate, series.lastOccurrenceDate);
    return {
      ...ruleColumns(fields),
      summary: summaryOf(fields, series.anchorDate),
      nextDueDate: upcoming[0] ?? null,
      upcomingDueDates: upcoming,
      stopped: series.stoppedAt !== null,
    };
  }

  /**
   * The job: makes every occurrence of the workspace's active series whose creation day has come; answers how many.
   * `at` dates the run when it is not now: the demo seed replays the runs of past weeks. The job never sets it.
   */
  async createDueOccurrences(workspaceId: number, today: string = kolkataToday(), at?: Date): Promise<number> {
    const active = await TaskSeries.inWorkspace(workspaceId).whereNull('stopped_at').orderBy('id').select('id');
    let total = 0;
    for (const { id } of active) {
      const created = await this.knex.transaction(async (trx) => {
        const series = await TaskSeries.inWorkspace(workspaceId, trx).findById(id).whereNull('stopped_at').forUpdate();
        return series ? this.createOccurrences(trx, series, today, at) : [];
      });
      await this.notify(workspaceId, created, null);
      total += created.length;
    }
    return total;
  }

  /**
   * "New recurring work": a series per client, each with its first task due on the rule's first date from `firstDueDate`.
   * `at` dates it when it is not now (the demo seed's series were set up weeks ago); requests never set it.
   */
  async createRecurringWork(workspace: WorkspaceRef, actorUserId: number, input: RecurringWorkInput, at?: Date): Promise<StartedSeries[]> {
    const fields = ruleFieldsOf(input.recurrence, input.firstDueDate);
    // Under its time budget first: the search for the first date of a rule that never falls runs to the year 9999.
    if (!yieldsDates(fields, input.firstDueDate)) throw noDatesIssue();
    const firstDueDate = firstDateFrom(fields, input.firstDueDate);
    if (!firstDueDate || !yieldsDates(fields, firstDueDate)) throw noDatesIssue();
    const started = await this.knex.transaction(async (trx) => {
      const clients: ClientSummary[] = [];
      for (const clientId of new Set(input.clientIds.map((id) => id.toLowerCase()))) {
        clients.push(await this.clients.byExternalId(workspace.id, clientId, { trx }));
      }
      const assignee = await this.workspaces.memberByExternalId(workspace.id, input.assignedToExternalId);
      if (!assignee) throw badRequest(TASK_MESSAGES.assigneeNotMember, { assignedToExternalId: [TASK_MESSAGES.assigneeNotMember] });
      for (const client of clients) {
        if (!(await this.clients.memberSeesClient(workspace.id, assignee, client.id, trx))) {
          throw badRequest(TASK_MESSAGES.assigneeCannotSeeTask, { assignedToExternalId: [TASK_MESSAGES.assigneeCannotSeeTask] });
        }
      }
      const results: { client: ClientSummary; series: TaskSeries; first: Task; caughtUp: Task[] }[] = [];
      for (const client of clients) {
        // A function, so a `$&` in a client's name is taken as written, not as a replacement pattern.
        const title = input.titleTemplate.replaceAll(SERIES_TITLE_CLIENT_PLACEHOLDER, () => client.name);
        if (title.length > MAX_TITLE_LENGTH) {
          const message = INPUT_MESSAGES.tooLong('Title', MAX_TITLE_LENGTH);
          throw badRequest(message, { titleTemplate: [message] });
        }
        const series = await TaskSeries.query(trx).insert({
          workspaceId: workspace.id,
          title,
          description: input.description,
          priority: input.priority,
          assignedTo: assignee.userId,
          clientId: client.id,
          entityType: CLIENT_ENTITY_TYPE,
          entityId: client.externalId,
          createdBy: actorUserId,
          ...ruleColumns(fields),
          anchorDate: firstDueDate,
          lastOccurrenceDate: firstDueDate,
          createdAt: at,
        });
        const first = await this.insertOccurrence(trx, series, firstDueDate, at);
        if (!first) throw new Error(`The first task of series ${series.externalId} already exists`);
        const caughtUp = await this.createOccurrences(trx, series, kolkataToday(at), at);
        results.push({ client, series, first, caughtUp });
      }
      return results;
    });
    for (const { first, caughtUp } of started) {
      await this.notify(workspace.id, [first], actorUserId);
      await this.notify(workspace.id, caughtUp, actorUserId);
    }
    const views = await new TaskViews(this.workspaces, this.clients, this).of(
      workspace,
      started.map(({ first }) => first),
    );
    return started.map(({ client, series }, index) => ({ seriesId: series.externalId, client: clientRefOf(client), task: views[index]! }));
  }

  /** The occurrences of a locked series whose creation day is `today` or earlier, at most MAX_OCCURRENCES_PER_RUN. */
  private async createOccurrences(trx: Knex.Transaction, series: TaskSeries, today: string, at?: Date): Promise<Task[]> {
    const due = datesAfter(ruleFieldsOfSeries(series), series.anchorDate, series.lastOccurrenceDate, MAX_OCCURRENCES_PER_RUN).filter(
      (date) => addDays(date, -series.createDaysBefore) <= today,
    );
    if (!due.length) return [];
    const created: Task[] = [];
    for (const date of due) {
      const task = await this.insertOccurrence(trx, series, date, at);
      if (task) created.push(task);
    }
    await TaskSeries.query(trx)
      .findById(series.id)
      .patch({ lastOccurrenceDate: due.at(-1)! });
    return created;
  }

  /** The series' task due `date`, as the series' creator made it; null when another run made it first. */
  private async insertOccurrence(trx: Knex.Transaction, series: TaskSeries, date: string, at?: Date): Promise<Task | null> {
    const task = await Task.query(trx)
      .insert({
        workspaceId: series.workspaceId,
        title: series.title,
        description: series.description,
        status: 'PENDING',
        priority: series.priority,
        dueDate: date,
        assignedTo: series.assignedTo,
        clientId: series.clientId,
        entityType: series.entityType,
        entityId: series.entityId,
        createdBy: series.createdBy,
        seriesId: series.id,
        occurrenceDate: date,
        createdAt: at,
      })
      .onConflict()
      .ignore();
    if (task.id === undefined) return null;
    await this.activity.record(
      {
        workspaceId: series.workspaceId,
        actorUserId: series.createdBy,
        action: TASK_ACTIONS.created,
        entityType: TASK_ENTITY,
        entityId: task.externalId,
        metadata: { seriesId: series.externalId },
        at,
      },
      trx,
    );
    return task;
  }

  /** One `task.updated` entry per changed field of each occurrence the series edit reached; names, not ids. */
  private async recordSeriesEdits(
    trx: Knex.Transaction,
    workspaceId: number,
    occurrences: Task[],
    template: TemplateChanges,
    actorUserId: number,
  ): Promise<void> {
    const userIds = occurrences.flatMap((task) => [task.assignedTo]).concat(template.assignedTo ?? null);
    const clientIds = occurrences.flatMap((task) => [task.clientId]).concat(template.clientId ?? null);
    const [people, clients] = await Promise.all([
      this.workspaces.people(
        workspaceId,
        userIds.filter((id): id is number => id !== null),
      ),
      this.clients.byIds(
        workspaceId,
        clientIds.filter((id): id is number => id !== null),
        trx,
      ),
    ]);
    const personName = (id: number | null | undefined) => (id == null ? null : (people.get(id)?.name ?? null));
    const clientName = (id: number | null | undefined) => (id == null ? null : (clients.get(id)?.name ?? null));
    for (const task of occurrences) {
      const entries: Record<string, unknown>[] = [];
      if (template.title !== undefined && template.title !== task.title) entries.push({ field: 'title', from: task.title, to: template.title });
      if (template.description !== undefined && template.description !== task.description) entries.push({ field: 'description' });
      if (template.priority !== undefined && template.priority !== task.priority)
        entries.push({ field: 'priority', from: task.priority, to: template.priority });
      if (template.assignedTo !== undefined && template.assignedTo !== task.assignedTo) {
        entries.push({ field: 'assignee', from: personName(task.assignedTo), to: personName(template.assignedTo) });
      }
      if (template.clientId !== undefined && template.clientId !== task.clientId) {
        entries.push({ field: 'client', from: clientName(task.clientId), to: clientName(template.clientId) });
      }
      for (const metadata of entries) {
        await this.activity.record(
          { workspaceId, actorUserId, action: TASK_ACTIONS.updated, entityType: TASK_ENTITY, entityId: task.externalId, metadata },
          trx,
        );
      }
    }
  }

  private notifyAfterCommit(trx: Knex.Transaction, workspaceId: number, tasks: Task[], actorUserId: number | null): void {
    if (!tasks.length) return;
    trx.executionPromise.then(
      () => this.notify(workspaceId, tasks, actorUserId),
      () => undefined,
    );
  }

  /** TASK_ASSIGNED to each new occurrence's assignee (not to whoever made it themselves). */
  private async notify(workspaceId: number, tasks: Task[], actorUserId: number | null): Promise<void> {
    if (!tasks.length) return;
    const workspace = await this.workspaces.byId(workspaceId);
    if (!workspace) return;
    for (const task of tasks) await this.notifier.assigned(workspace, task, actorUserId);
  }
}
