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

/** The columns a view reads: a list selects these instead of every column (the search copy of the text among them). */
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
  'created_at',
  'updated_at',
  'start_date',
  'completed_at',
  'series_id',
].map((column) => `tasks.${column}`);

const defined = <T>(values: (T | null)[]): T[] => values.filter((value): value is T => value !== null);

/** Tasks as the API answers them, with their people, clients and series read in one batch each. */
export class TaskViews {
  constructor(
    private readonly workspaces: WorkspaceDirectory,
    private readonly clients: ClientDirectory,
    private readonly series: SeriesViews,
  ) {}

  async of(workspace: WorkspaceRef, tasks: Task[]): Promise<TaskView[]> {
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
        createdAt: task.createdAt.toISOString(),
        updatedAt: task.updatedAt.toISOString(),
        startDate: task.startDate?.toISOString() ?? null,
        completedAt: task.completedAt?.toISOString() ?? null,
        seriesId: ofSeries?.externalId ?? null,
        recurrence: ofSeries?.recurrence ?? null,
      };
    });
  }

  async one(workspace: WorkspaceRef, task: Task): Promise<TaskView> {
    const [view] = await this.of(workspace, [task]);
    return view!;
  }
}
