import { raw } from 'objection';
import type { ClientDirectory, PersonSummary, WorkspaceDirectory, WorkspaceRef } from '../../../core/plugin-api';
import type { RecurrenceView, TaskPerson, TaskView } from '../shared/wire';
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

type Instant = 'createdAt' | 'updatedAt' | 'startDate' | 'completedAt';
/** A task as read for a view: a list reads its instants as ISO text (TASK_VIEW_COLUMNS), a single task as dates. */
export type ViewableTask = Omit<Task, Instant> & { [name in Instant]: Task[name] | (null extends Task[name] ? string | null : string) };

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
