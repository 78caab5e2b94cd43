import { raw, type QueryBuilder } from 'objection';
import type { ClientDirectory, PersonSummary, WorkspaceDirectory, WorkspaceRef } from '../../../core/plugin-api';
import type { RecurrenceView, TaskPerson, TaskPriority, TaskStatus, TaskView } from '../shared/wire';
import type { Task } from './models';

const personOf = (person: PersonSummary): TaskPerson => ({
  externalId: person.externalId,
  name: person.name,
  image: person.image,
  isMember: person.isMember,
});

/** What a view needs of the series: each one's id and rule (the series service answers it). */
export interface SeriesViews {
  views(workspaceId: number, seriesIds: number[]): Promise<Map<number, { externalId: string; recurrence: RecurrenceView }>>;
}

/** What a view reads of a task: a list reads its instants as ISO text (TASK_VIEW_COLUMNS), a single task as dates. */
export type ViewableTask = Pick<
  Task,
  | 'id'
  | 'externalId'
  | 'title'
  | 'description'
  | 'status'
  | 'priority'
  | 'dueDate'
  | 'assignedTo'
  | 'clientId'
  | 'entityType'
  | 'entityId'
  | 'createdBy'
  | 'seriesId'
> & { createdAt: Date | string; updatedAt: Date | string; startDate: Date | string | null; completedAt: Date | string | null };

/** A row of TASK_VIEW_COLUMNS as PostgreSQL answers it, with `created_at_key` when the list selected it. */
interface TaskViewRow {
  id: number;
  external_id: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  assigned_to: number | null;
  client_id: number | null;
  entity_type: string | null;
  entity_id: string | null;
  created_by: number | null;
  series_id: number | null;
  created_at: string;
  updated_at: string;
  start_date: string | null;
  completed_at: string | null;
  created_at_key?: string;
}

const isoOf = (instant: Date | string) => (typeof instant === 'string' ? instant : instant.toISOString());

/** As `Date.toISOString` prints it (UTC, milliseconds), made by PostgreSQL instead of parsed and printed again per row. */
const isoText = (column: string) => raw(`to_char(tasks.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`).as(column);

/**
 * The columns a view reads: a list selects these instead of every column (the search copy of the text among them),
 * with its instants as ISO text, since parsing four dates a row and printing them again was a large part of a page.
 */
export const TASK_VIEW_COLUMNS = [
  'id',
  'external_id',
  'title',
  'description',
  'status',
  'priority',
  'due_date',
  'assigned_to',
  'client_id',
  'entity_type',
  'entity_id',
  'created_by',
  'series_id',
]
  .map((column): string | ReturnType<typeof isoText> => `tasks.${column}`)
  .concat(['created_at', 'updated_at', 'start_date', 'completed_at'].map(isoText));

/**
 * Runs a query selecting TASK_VIEW_COLUMNS and answers its rows as plain objects: making a model of each row only to
 * read it back cost about 30 µs a page. `createdAtKey` is there when the query selected CREATED_AT_KEY.
 */
export async function readViewableTasks(query: QueryBuilder<Task, Task[]>): Promise<(ViewableTask & { createdAtKey?: string })[]> {
  const rows: TaskViewRow[] = await query.toKnexQuery();
  return rows.map((row) => ({
    id: row.id,
    externalId: row.external_id,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: row.due_date,
    assignedTo: row.assigned_to,
    clientId: row.client_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    createdBy: row.created_by,
    seriesId: row.series_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startDate: row.start_date,
    completedAt: row.completed_at,
    createdAtKey: row.created_at_key,
  }));
}

const defined = <T>(values: (T | null)[]): T[] => values.filter((value): value is T => value !== null);

/** Tasks as the API answers them, with their people, clients and series read in one batch each. */
export class TaskViews {
  constructor(
    private readonly workspaces: WorkspaceDirectory,
    private readonly clients: ClientDirectory,
    private readonly series: SeriesViews,
  ) {}

  async of(workspace: WorkspaceRef, tasks: ViewableTask[]): Promise<TaskView[]> {
    if (!tasks.length) return [];
    const [people, clients, series] = await Promise.all([
      this.workspaces.people(workspace.id, defined(tasks.flatMap((task) => [task.assignedTo, task.createdBy]))),
      this.clients.byIds(workspace.id, defined(tasks.map((task) => task.clientId))),
      this.series.views(workspace.id, [...new Set(defined(tasks.map((task) => task.seriesId)))]),
    ]);
    return tasks.map((task) => {
      const assignee = task.assignedTo === null ? undefined : people.get(task.assignedTo);
      const creator = task.createdBy === null ? undefined : people.get(task.createdBy);
      const client = task.clientId === null ? undefined : clients.get(task.clientId);
      const ofSeries = task.seriesId === null ? undefined : series.get(task.seriesId);
      return {
        externalId: task.externalId,
        title: task.title,
        description: task.description,
        status: task.status,
        priority: task.priority,
        dueDate: task.dueDate,
        assignedTo: assignee ? personOf(assignee) : null,
        client: client ? { externalId: client.externalId, name: client.name, clientType: client.clientType } : null,
        entityType: task.entityType,
        entityId: task.entityId,
        workspaceExternalId: workspace.externalId,
        createdBy: creator ? { name: creator.name } : null,
        createdAt: isoOf(task.createdAt),
        updatedAt: isoOf(task.updatedAt),
        startDate: task.startDate ? isoOf(task.startDate) : null,
        completedAt: task.completedAt ? isoOf(task.completedAt) : null,
        seriesId: ofSeries?.externalId ?? null,
        recurrence: ofSeries?.recurrence ?? null,
      };
    });
  }

  async one(workspace: WorkspaceRef, task: ViewableTask): Promise<TaskView> {
    const [view] = await this.of(workspace, [task]);
    return view!;
  }
}
