/**
 * What the tasks plugin offers other plugins (they list "tasks" in `requires.plugins`, or in `requires.optional`
 * when they work without it, and inject the token). Nothing else of this plugin is reachable from outside it.
 */
import type { TaskPriority, TaskStatus, TaskView } from '../shared/wire';

export type { TaskPriority, TaskStatus, TaskView } from '../shared/wire';

export const TASKS_SERVICE = Symbol.for('tasks.TasksService');

/** Who asks: a CLIENT member sees only the tasks of the clients they are linked to. */
export interface TaskViewer {
  userId: number;
  role: 'OWNER' | 'ADMIN' | 'EMPLOYEE' | 'CLIENT';
}

export interface EntityTaskInput {
  workspaceId: number;
  /** The member creating it; recorded as its creator and in the activity log. */
  actorUserId: number;
  title: string;
  description: string;
  priority: TaskPriority;
  status?: TaskStatus;
  /** `YYYY-MM-DD` or null. */
  dueDate: string | null;
  /** A member of the workspace; the actor when absent. */
  assigneeUserId?: number | null;
  /** The client's serial id (TOKENS.Clients), if the entity belongs to one. */
  clientId?: number | null;
  /** e.g. `NOTICE` and the notice's external id. */
  entityType: string;
  entityId: string;
}

/** Tasks linked to another plugin's records: the notices plugin's "Generate Task" and "Associated Tasks". */
export interface TasksService {
  /**
   * Creates the task as `POST tasks` would (activity entry, TASK_ASSIGNED to its assignee) and answers it. A title
   * or description longer than a task holds is cut to fit, ending in "…": the task links to the full record.
   */
  createForEntity(input: EntityTaskInput): Promise<TaskView>;
  /** The entity's tasks the viewer may see, newest first. */
  listForEntity(workspaceId: number, entityType: string, entityId: string, viewer: TaskViewer): Promise<TaskView[]>;
}
