import { inject, injectable, optional } from 'inversify';
import type { Knex } from 'knex';
import {
  badRequest,
  isExternalId,
  notFound,
  TOKENS,
  type ActivityRecord,
  type ActivityService,
  type EntityActivity,
  type ClientDirectory,
  type Config,
  type NotificationService,
  type WorkspaceDirectory,
  type WorkspaceRef,
  addDays,
  kolkataToday,
} from '../../../core/plugin-api';
import {
  ATTACHMENT_SERVICE,
  type AttachedFile,
  type AttachmentService,
  type AttachmentTarget,
  type AttachmentView,
} from '../../documents/server/tokens';
import {
  CLIENT_ENTITY_TYPE,
  MAX_BULK_DELETE,
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  TASK_ENTITY,
  TASK_MESSAGES,
  UPCOMING_DAYS,
  type TaskActivity,
  type TaskComment as TaskCommentView,
  type TaskListResponse,
  type TaskPriority,
  type TaskStatus,
  type TaskView,
} from '../shared/wire';
import { TASK_ACTIONS, taskActivityOf, withOtherClientsHidden, type ClientsShown } from './activity-text';
import { Task, TaskComment } from './models';
import type { CreateTaskInput, TaskListQuery, UpdateTaskInput } from './schemas';
import { SeriesService, type RecurrenceInput, type SeriesChanges } from './series/series-service';
import {
  applyFilters,
  applyKeyset,
  applyOrder,
  CREATED_AT_KEY,
  decodeCursor,
  encodeCursor,
  type TaskSort,
  type TaskWithKey,
} from './task-list-query';
import { TaskNotifier } from './task-notifications';
import { readViewableTasks, TASK_VIEW_COLUMNS, TaskViews } from './task-views';
import { onlyVisible, visibleClientsOf } from './task-visibility';
import type { EntityTaskInput, TaskViewer } from './tokens';

/** Who acts, in which workspace. */
export interface TaskActor extends TaskViewer {
  workspace: WorkspaceRef;
  name: string;
  /** When the action took place, if not now: the demo seed writes a history of past weeks. Requests never set it. */
  at?: Date;
}

/** A task's fields once every external id is resolved. */
interface NewTask {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string | null;
  assignedTo: number;
  clientId: number | null;
  entityType: string | null;
  entityId: string | null;
}

/** One entry of a `task.updated` or `task.reassigned` activity. */
interface Change {
  action: string;
  metadata: Record<string, unknown>;
}

const NO_SORT_CHOSEN = { field: 'createdAt', order: 'desc' } as const;
const UPCOMING_SORT = { field: 'dueDate', order: 'asc' } as const;

/** `filter=upcoming`: from today to a week ahead, in Kolkata. */
function upcomingDays(): { from: string; to: string } {
  const today = kolkataToday();
  return { from: today, to: addDays(today, UPCOMING_DAYS) };
}

/** Text cut to `max` characters, ending in "…", without splitting a character written as two UTF-16 units. */
function clipped(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** Tasks (spec 2 sections 2.1-2.8): the list, one task, its changes, comments, activity and attachments. */
@injectable()
export class TaskService {
  private readonly views: TaskViews;
  private readonly notifier: TaskNotifier;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
    @inject(TOKENS.Clients) private readonly clients: ClientDirectory,
    @inject(TOKENS.Activity) private readonly activity: ActivityService,
    @inject(SeriesService) private readonly series: SeriesService,
    @inject(TOKENS.Notifications) notifications: NotificationService,
    @inject(TOKENS.Config) config: Config,
    @inject(ATTACHMENT_SERVICE) @optional() private readonly attachmentService: AttachmentService | undefined,
  ) {
    this.views = new TaskViews(workspaces, clients, series);
    this.notifier = new TaskNotifier(notifications, config, workspaces, clients);
  }

  // ---- Reading ----

  async list(actor: TaskActor, query: TaskListQuery): Promise<TaskListResponse> {
    const { workspace } = actor;
    const upcoming = query.filter === 'upcoming';
    const defaultSort = upcoming ? UPCOMING_SORT : NO_SORT_CHOSEN;
    const sort: TaskSort = { field: query.sortField ?? defaultSort.field, order: query.sortOrder ?? defaultSort.order };
    const cursor = query.cursor ? decodeCursor(sort, query.cursor) : null;
    const clientId = query.clientId ? (await this.clients.byExternalId(workspace.id, query.clientId)).id : null;
    const visible = await visibleClientsOf(this.clients, workspace.id, actor);
    const rows = (await readViewableTasks(
      Task.inWorkspace(workspace.id)
        .modify(onlyVisible(visible))
        .modify(
          applyFilters({
            statuses: query.status,
            priorities: query.priority,
            clientId,
            search: query.search,
            entity: query.entityType && query.entityId ? { type: query.entityType, id: query.entityId } : null,
            dueBetween: upcoming ? upcomingDays() : null,
            assigneeUserId: query.assignedTo === 'me' ? actor.userId : null,
          }),
        )
        .modify((builder) => {
          if (cursor) applyKeyset(sort, cursor)(builder);
        })
        .modify(applyOrder(sort))
        .limit(query.limit + 1)
        .select(...TASK_VIEW_COLUMNS, CREATED_AT_KEY),
    )) as TaskWithKey[];
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      tasks: await this.views.of(workspace, page),
      nextCursor: rows.length > query.limit && last ? encodeCursor(sort, last) : null,
    };
  }

  async get(actor: TaskActor, taskId: string): Promise<TaskView> {
    return this.views.one(actor.workspace, await this.visibleTask(actor, taskId));
  }

  /** The tasks linked to another plugin's record that the viewer may see, newest first. */
  async listForEntity(workspace: WorkspaceRef, entityType: string, entityId: string, viewer: TaskViewer): Promise<TaskView[]> {
    const visible = await visibleClientsOf(this.clients, workspace.id, viewer);
    const tasks = await readViewableTasks(
      Task.inWorkspace(workspace.id)
        .modify(onlyVisible(visible))
        .where({ 'tasks.entity_type': entityType, 'tasks.entity_id': entityId })
        .orderBy([
          { column: 'tasks.created_at', order: 'desc' },
          { column: 'tasks.id', order: 'desc' },
        ])
        .select(TASK_VIEW_COLUMNS),
    );
    return this.views.of(workspace, tasks);
  }

  /** 404 'Task not found' for a task of another workspace, one that does not exist, or one the CLIENT rule hides. */
  private async visibleTask(actor: TaskActor, taskId: string, trx?: Knex.Transaction): Promise<Task> {
    if (!isExternalId(taskId)) throw notFound(TASK_MESSAGES.taskNotFound);
    const visible = await visibleClientsOf(this.clients, actor.workspace.id, actor, trx);
    const query = Task.inWorkspace(actor.workspace.id, trx).modify(onlyVisible(visible)).where('tasks.external_id', taskId.toLowerCase()).first();
    const task = await (trx ? query.forUpdate() : query);
    if (!task) throw notFound(TASK_MESSAGES.taskNotFound);
    return task;
  }

  // ---- Creating ----

  async create(actor: TaskActor, input: CreateTaskInput): Promise<TaskView> {
    const { workspace } = actor;
    const dueDate = input.dueDate ?? null;
    if (input.recurrence && !dueDate) throw badRequest(TASK_MESSAGES.recurrenceNeedsDueDate, { dueDate: [TASK_MESSAGES.recurrenceNeedsDueDate] });
    const task = await this.knex.transaction(async (trx) => {
      const client = input.clientExternalId ? await this.clients.byExternalId(workspace.id, input.clientExternalId, { trx }) : null;
      const assignee = await this.currentMember(workspace.id, input.assignedToExternalId);
      await this.checkAssigneeSees(workspace.id, assignee, client?.id ?? null, trx);
      const fields: NewTask = {
        title: input.title,
        description: input.description,
        status: input.status,
        priority: input.priority,
        dueDate,
        assignedTo: assignee,
        clientId: client?.id ?? null,
        entityType: input.entityType ?? null,
        entityId: input.entityId ?? null,
      };
      return this.insert(trx, workspace.id, actor.userId, fields, input.recurrence, actor.at);
    });
    await this.notifier.assigned(workspace, task, actor.userId);
    return this.views.one(workspace, task);
  }

  /** `TasksService.createForEntity`: the caller names people and clients by serial id. */
  async createForEntity(workspace: WorkspaceRef, input: EntityTaskInput): Promise<TaskView> {
    const assignedTo = input.assigneeUserId ?? input.actorUserId;
    const person = (await this.workspaces.people(workspace.id, [assignedTo])).get(assignedTo);
    if (!person?.isMember) throw badRequest(TASK_MESSAGES.assigneeNotMember);
    const task = await this.knex.transaction(async (trx) => {
      const clientId = input.clientId ?? null;
      if (clientId !== null && !(await this.clients.byIds(workspace.id, [clientId], trx)).has(clientId)) throw notFound(TASK_MESSAGES.clientNotFound);
      await this.checkAssigneeSees(workspace.id, assignedTo, clientId, trx);
      return this.insert(trx, workspace.id, input.actorUserId, {
        title: clipped(input.title, MAX_TITLE_LENGTH),
        description: clipped(input.description, MAX_DESCRIPTION_LENGTH),
        status: input.status ?? 'PENDING',
        priority: input.priority,
        dueDate: input.dueDate,
        assignedTo,
        clientId,
        entityType: input.entityType,
        entityId: input.entityId,
      });
    });
    await this.notifier.assigned(workspace, task, input.actorUserId);
    return this.views.one(workspace, task);
  }

  private async insert(
    trx: Knex.Transaction,
    workspaceId: number,
    actorUserId: number,
    fields: NewTask,
    recurrence?: RecurrenceInput,
    at?: Date,
  ): Promise<Task> {
    const now = at ?? new Date();
    let task = await Task.query(trx).insertAndFetch({
      workspaceId,
      ...fields,
      createdBy: actorUserId,
      createdAt: now,
      startDate: fields.status === 'IN_PROGRESS' ? now : null,
      completedAt: fields.status === 'COMPLETED' ? now : null,
    });
    await this.record(trx, workspaceId, actorUserId, task, { action: TASK_ACTIONS.created, metadata: {} }, at);
    if (recurrence) {
      await this.series.start(trx, task, recurrence, actorUserId);
      task = await Task.query(trx).findById(task.id).throwIfNotFound();
    }
    return task;
  }

  /** 400 when a CLIENT member would hold a task they cannot see: another client's, or the firm's own. */
  private async checkAssigneeSees(workspaceId: number, assigneeUserId: number, clientId: number | null, trx: Knex.Transaction): Promise<void> {
    const person = (await this.workspaces.people(workspaceId, [assigneeUserId])).get(assigneeUserId);
    if (person?.role !== 'CLIENT' || (await this.clients.memberSeesClient(workspaceId, person, clientId, trx))) return;
    throw badRequest(TASK_MESSAGES.assigneeCannotSeeTask, { assignedToExternalId: [TASK_MESSAGES.assigneeCannotSeeTask] });
  }

  /** The assignee an edit names: a former member who already holds the task may stay; anyone else must be a member. */
  private async assigneeFor(workspaceId: number, task: Task, userExternalId: string): Promise<number> {
    if (task.assignedTo !== null) {
      const current = (await this.workspaces.people(workspaceId, [task.assignedTo])).get(task.assignedTo);
      if (current?.externalId === userExternalId.toLowerCase()) return task.assignedTo;
    }
    return this.currentMember(workspaceId, userExternalId);
  }

  /**
   * A CLIENT link names the client a task was made for: when the task moves to another client (or to none) and the
   * change sets no link itself, a link to the old client follows it.
   */
  private async linkFollowingClient(
    workspaceId: number,
    task: Task,
    fields: Pick<UpdateTaskInput, 'entityType'>,
    client: { id: number; externalId: string } | null | undefined,
    trx: Knex.Transaction,
  ): Promise<Pick<UpdateTaskInput, 'entityType' | 'entityId'>> {
    if (client === undefined || fields.entityType !== undefined || task.entityType !== CLIENT_ENTITY_TYPE || task.clientId === null) return {};
    if ((client?.id ?? null) === task.clientId) return {};
    const oldClient = (await this.clients.byIds(workspaceId, [task.clientId], trx)).get(task.clientId);
    if (oldClient?.externalId !== task.entityId) return {};
    return client ? { entityType: CLIENT_ENTITY_TYPE, entityId: client.externalId } : { entityType: null, entityId: null };
  }

  private async currentMember(workspaceId: number, userExternalId: string): Promise<number> {
    const member = await this.workspaces.memberByExternalId(workspaceId, userExternalId);
    if (!member) throw badRequest(TASK_MESSAGES.assigneeNotMember, { assignedToExternalId: [TASK_MESSAGES.assigneeNotMember] });
    return member.userId;
  }

  // ---- Changing ----

  async update(actor: TaskActor, taskId: string, input: UpdateTaskInput): Promise<TaskView> {
    const { workspace } = actor;
    const { applyTo, recurrence, ...fields } = input;
    const given = Object.entries(fields).filter(([, value]) => value !== undefined);
    const isReassignment = given.length === 1 && fields.assignedToExternalId !== undefined;
    const { task, reassigned } = await this.knex.transaction(async (trx) => {
      const before = await this.visibleTask(actor, taskId, trx);
      const assignedTo =
        fields.assignedToExternalId === undefined ? undefined : await this.assigneeFor(workspace.id, before, fields.assignedToExternalId);
      if (applyTo === 'SERIES' && before.seriesId === null) throw notFound(TASK_MESSAGES.seriesNotFound);
      if (recurrence && applyTo === 'THIS' && before.seriesId !== null) throw badRequest(TASK_MESSAGES.recurrenceOnlyForSeries);
      const client =
        fields.clientExternalId === undefined || fields.clientExternalId === null
          ? fields.clientExternalId
          : await this.clients.byExternalId(workspace.id, fields.clientExternalId, { trx });
      const clientId = client === undefined || client === null ? client : client.id;
      const link = await this.linkFollowingClient(workspace.id, before, fields, client, trx);
      const patch = this.patchOf(before, { ...fields, ...link }, assignedTo, clientId, actor.at ?? new Date());
      const assigneeAfter = patch.assignedTo ?? before.assignedTo;
      if (assigneeAfter !== null && (patch.assignedTo !== undefined || patch.clientId !== undefined)) {
        await this.checkAssigneeSees(workspace.id, assigneeAfter, patch.clientId === undefined ? before.clientId : patch.clientId, trx);
      }
      const changes = await this.changesOf(workspace.id, before, patch, isReassignment, trx);
      let after = Object.keys(patch).length ? await Task.query(trx).patchAndFetchById(before.id, patch) : before;
      for (const change of changes) await this.record(trx, workspace.id, actor.userId, after, change, actor.at);
      if (recurrence && before.seriesId === null) {
        if (!after.dueDate) throw badRequest(TASK_MESSAGES.recurrenceNeedsDueDate, { dueDate: [TASK_MESSAGES.recurrenceNeedsDueDate] });
        await this.series.start(trx, after, recurrence, actor.userId);
        await this.record(trx, workspace.id, actor.userId, after, { action: TASK_ACTIONS.repeatingStarted, metadata: {} }, actor.at);
      }
      if (applyTo === 'SERIES')
        await this.series.applyToSeries(
          trx,
          after,
          {
            ...this.seriesChangesOf(fields, assignedTo, clientId, recurrence),
            ...(link.entityType !== undefined && before.entityId ? { clientLink: { from: before.entityId, to: link.entityId ?? null } } : {}),
          },
          actor.userId,
        );
      if (recurrence || applyTo === 'SERIES') after = await Task.query(trx).findById(before.id).throwIfNotFound();
      return { task: after, reassigned: patch.assignedTo !== undefined };
    });
    if (reassigned) await this.notifier.assigned(workspace, task, actor.userId);
    return this.views.one(workspace, task);
  }

  /** The columns that really change, with the lifecycle timestamps a status change brings. */
  private patchOf(
    task: Task,
    fields: Omit<UpdateTaskInput, 'applyTo' | 'recurrence'>,
    assignedTo: number | undefined,
    clientId: number | null | undefined,
    now: Date,
  ) {
    const patch: Partial<Pick<Task, keyof NewTask | 'startDate' | 'completedAt'>> = {};
    if (fields.title !== undefined && fields.title !== task.title) patch.title = fields.title;
    if (fields.description !== undefined && fields.description !== task.description) patch.description = fields.description;
    if (fields.priority !== undefined && fields.priority !== task.priority) patch.priority = fields.priority;
    if (fields.dueDate !== undefined && fields.dueDate !== task.dueDate) patch.dueDate = fields.dueDate;
    if (assignedTo !== undefined && assignedTo !== task.assignedTo) patch.assignedTo = assignedTo;
    if (clientId !== undefined && clientId !== task.clientId) patch.clientId = clientId;
    if (fields.entityType !== undefined && (fields.entityType !== task.entityType || fields.entityId !== task.entityId)) {
      patch.entityType = fields.entityType;
      patch.entityId = fields.entityId ?? null;
    }
    if (fields.status !== undefined && fields.status !== task.status) {
      patch.status = fields.status;
      if (fields.status === 'IN_PROGRESS' && !task.startDate) patch.startDate = now;
      if (fields.status === 'COMPLETED') patch.completedAt = now;
      else if (task.status === 'COMPLETED') patch.completedAt = null;
    }
    return patch;
  }

  /** One activity entry per changed field; people and clients by name, a description without its text. */
  private async changesOf(
    workspaceId: number,
    task: Task,
    patch: ReturnType<TaskService['patchOf']>,
    isReassignment: boolean,
    trx: Knex.Transaction,
  ) {
    const changes: Change[] = [];
    const updated = (field: string, from: unknown, to: unknown) => changes.push({ action: TASK_ACTIONS.updated, metadata: { field, from, to } });
    if (patch.title !== undefined) updated('title', task.title, patch.title);
    if (patch.description !== undefined) changes.push({ action: TASK_ACTIONS.updated, metadata: { field: 'description' } });
    if (patch.status !== undefined) updated('status', task.status, patch.status);
    if (patch.priority !== undefined) updated('priority', task.priority, patch.priority);
    if (patch.dueDate !== undefined) updated('dueDate', task.dueDate, patch.dueDate);
    if (patch.assignedTo !== undefined) {
      const people = await this.workspaces.people(
        workspaceId,
        [task.assignedTo, patch.assignedTo].filter((id): id is number => id !== null),
      );
      const from = task.assignedTo === null ? null : (people.get(task.assignedTo)?.name ?? null);
      const to = patch.assignedTo === null ? null : (people.get(patch.assignedTo)?.name ?? null);
      if (isReassignment) changes.push({ action: TASK_ACTIONS.reassigned, metadata: { from, to } });
      else updated('assignee', from, to);
    }
    if (patch.clientId !== undefined) {
      const clients = await this.clients.byIds(
        workspaceId,
        [task.clientId, patch.clientId].filter((id): id is number => id !== null),
        trx,
      );
      const nameOf = (id: number | null) => (id === null ? null : (clients.get(id)?.name ?? null));
      updated('client', nameOf(task.clientId), nameOf(patch.clientId));
    }
    if (patch.entityType !== undefined) {
      const entityOf = (type: string | null, id: string | null) => (type && id ? `${type} ${id}` : null);
      updated('entity', entityOf(task.entityType, task.entityId), entityOf(patch.entityType, patch.entityId ?? null));
    }
    return changes;
  }

  private seriesChangesOf(
    fields: Omit<UpdateTaskInput, 'applyTo' | 'recurrence'>,
    assignedTo: number | undefined,
    clientId: number | null | undefined,
    recurrence: RecurrenceInput | undefined,
  ): SeriesChanges {
    const changes: SeriesChanges = {};
    if (fields.title !== undefined) changes.title = fields.title;
    if (fields.description !== undefined) changes.description = fields.description;
    if (fields.priority !== undefined) changes.priority = fields.priority;
    if (assignedTo !== undefined) changes.assignedTo = assignedTo;
    if (clientId !== undefined) changes.clientId = clientId;
    if (recurrence) changes.recurrence = recurrence;
    return changes;
  }

  // ---- Deleting ----

  async remove(actor: TaskActor, taskId: string): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const task = await this.visibleTask(actor, taskId, trx);
      await this.delete(trx, actor, [task]);
    });
  }

  /** All or nothing: the typed workspace name must match, and every id must name a task the member may delete. */
  async bulkRemove(actor: TaskActor, ids: string[], confirmation: string): Promise<number> {
    if (confirmation !== actor.workspace.name) throw badRequest(TASK_MESSAGES.bulkConfirmation, { confirmation: [TASK_MESSAGES.bulkConfirmation] });
    if (!ids.length) throw badRequest(TASK_MESSAGES.bulkNothingSelected, { ids: [TASK_MESSAGES.bulkNothingSelected] });
    if (ids.length > MAX_BULK_DELETE) throw badRequest(TASK_MESSAGES.bulkTooMany, { ids: [TASK_MESSAGES.bulkTooMany] });
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    if (!wanted.every(isExternalId)) throw notFound(TASK_MESSAGES.bulkSomeMissing);
    return this.knex.transaction(async (trx) => {
      const visible = await visibleClientsOf(this.clients, actor.workspace.id, actor, trx);
      const tasks = await Task.inWorkspace(actor.workspace.id, trx).modify(onlyVisible(visible)).whereIn('tasks.external_id', wanted).forUpdate();
      if (tasks.length !== wanted.length) throw notFound(TASK_MESSAGES.bulkSomeMissing);
      await this.delete(trx, actor, tasks);
      return tasks.length;
    });
  }

  /** Comments go with the rows (cascade); attachment links are removed when the documents plugin is installed. */
  private async delete(trx: Knex.Transaction, actor: TaskActor, tasks: Task[]): Promise<void> {
    for (const task of tasks) {
      await this.attachmentService?.unlinkAll(this.attachmentTarget(actor.workspace, task), trx);
      await this.record(trx, actor.workspace.id, actor.userId, task, { action: TASK_ACTIONS.deleted, metadata: { title: task.title } });
    }
    await Task.query(trx)
      .whereIn(
        'id',
        tasks.map((task) => task.id),
      )
      .delete();
  }

  // ---- Comments and activity ----

  async comments(actor: TaskActor, taskId: string): Promise<TaskCommentView[]> {
    const task = await this.visibleTask(actor, taskId);
    const comments = await TaskComment.inWorkspace(actor.workspace.id)
      .where('task_id', task.id)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    const authors = await this.workspaces.people(
      actor.workspace.id,
      comments.map((comment) => comment.authorId).filter((id): id is number => id !== null),
    );
    return comments.map((comment) => {
      const author = comment.authorId === null ? undefined : authors.get(comment.authorId);
      return {
        id: comment.externalId,
        content: comment.content,
        author: author ? { name: author.name } : null,
        createdAt: comment.createdAt.toISOString(),
      };
    });
  }

  async addComment(actor: TaskActor, taskId: string, content: string): Promise<{ comment: TaskCommentView; activity: TaskActivity }> {
    const { workspace } = actor;
    const { task, comment, entry } = await this.knex.transaction(async (trx) => {
      const task = await this.visibleTask(actor, taskId, trx);
      const comment = await TaskComment.query(trx).insertAndFetch({
        workspaceId: workspace.id,
        taskId: task.id,
        authorId: actor.userId,
        content,
        createdAt: actor.at,
      });
      const recorded = await this.record(trx, workspace.id, actor.userId, task, { action: TASK_ACTIONS.commented, metadata: {} }, actor.at);
      const entry: EntityActivity = { ...recorded, metadata: recorded.metadata ?? {}, actorName: actor.name };
      return { task, comment, entry };
    });
    await this.notifier.commented(workspace, task, actor.userId, actor.name);
    return {
      comment: { id: comment.externalId, content: comment.content, author: { name: actor.name }, createdAt: comment.createdAt.toISOString() },
      activity: taskActivityOf(entry),
    };
  }

  async activityLog(actor: TaskActor, taskId: string): Promise<TaskActivity[]> {
    const task = await this.visibleTask(actor, taskId);
    const entries = await this.activity.forEntity(actor.workspace.id, TASK_ENTITY, task.externalId);
    const shown = await this.clientsShownTo(actor);
    return entries.map((entry) => taskActivityOf(withOtherClientsHidden(entry, shown)));
  }

  private async clientsShownTo(actor: TaskActor): Promise<ClientsShown | null> {
    const visible = await visibleClientsOf(this.clients, actor.workspace.id, actor);
    if (!visible) return null;
    const clients = [...(await this.clients.byIds(actor.workspace.id, visible)).values()];
    return { names: new Set(clients.map((client) => client.name)), externalIds: new Set(clients.map((client) => client.externalId)) };
  }

  private record(
    trx: Knex.Transaction | undefined,
    workspaceId: number,
    actorUserId: number,
    task: Task,
    change: Change,
    at?: Date,
  ): Promise<ActivityRecord> {
    return this.activity.record(
      { workspaceId, actorUserId, action: change.action, entityType: TASK_ENTITY, entityId: task.externalId, metadata: change.metadata, at },
      trx,
    );
  }

  // ---- Attachments (the routes have checked that the documents plugin is on) ----

  private attachmentTarget(workspace: WorkspaceRef, task: Task): AttachmentTarget {
    return { workspaceId: workspace.id, entityType: TASK_ENTITY, entityId: task.externalId };
  }

  private get documents(): AttachmentService {
    if (!this.attachmentService) throw new Error('the documents plugin is not installed');
    return this.attachmentService;
  }

  async attachments(actor: TaskActor, taskId: string): Promise<AttachmentView[]> {
    const task = await this.visibleTask(actor, taskId);
    return this.documents.list(this.attachmentTarget(actor.workspace, task), actor);
  }

  async attach(actor: TaskActor, taskId: string, documentId: string): Promise<AttachmentView> {
    const task = await this.visibleTask(actor, taskId);
    const { attachment, linkedNow } = await this.documents.link(this.attachmentTarget(actor.workspace, task), documentId, actor.userId);
    if (linkedNow) await this.recordAttached(actor, task, attachment);
    return attachment;
  }

  /** Stores a file the server has (the demo's statement) as a document of the task and attaches it, as an upload is. */
  async attachFile(actor: TaskActor, taskId: string, file: AttachedFile): Promise<AttachmentView> {
    const task = await this.visibleTask(actor, taskId);
    const uploader = { membership: { workspace: actor.workspace, role: actor.role }, user: { id: actor.userId } };
    const attachment = await this.documents.attachFile(this.attachmentTarget(actor.workspace, task), file, uploader);
    await this.recordAttached(actor, task, attachment);
    return attachment;
  }

  private async recordAttached(actor: TaskActor, task: Task, attachment: AttachmentView): Promise<void> {
    await this.record(
      undefined,
      actor.workspace.id,
      actor.userId,
      task,
      { action: TASK_ACTIONS.attachmentAdded, metadata: { filename: attachment.document.filename } },
      actor.at,
    );
  }

  async detach(actor: TaskActor, taskId: string, attachmentId: string): Promise<void> {
    const task = await this.visibleTask(actor, taskId);
    const target = this.attachmentTarget(actor.workspace, task);
    const attachment = (await this.documents.list(target)).find((candidate) => candidate.id === attachmentId.toLowerCase());
    await this.documents.unlink(target, attachmentId);
    await this.record(undefined, actor.workspace.id, actor.userId, task, {
      action: TASK_ACTIONS.attachmentRemoved,
      metadata: { filename: attachment?.document.filename ?? null },
    });
  }
}
