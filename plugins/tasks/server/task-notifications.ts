import type { ClientDirectory, Config, NotificationService, WorkspaceDirectory, WorkspaceRef } from '../../../core/plugin-api';
import { TASK_ENTITY } from '../shared/wire';
import type { Task } from './models';

/**
 * TASK_ASSIGNED and TASK_COMMENTED, raised once the change has committed; a failure to notify never undoes it. Only
 * to an assignee who may see the task (a CLIENT member's links may have changed since it was assigned).
 */
export class TaskNotifier {
  constructor(
    private readonly notifications: NotificationService,
    private readonly config: Config,
    private readonly workspaces: WorkspaceDirectory,
    private readonly clients: ClientDirectory,
  ) {}

  private async sees(workspace: WorkspaceRef, userId: number, task: Task): Promise<boolean> {
    const person = (await this.workspaces.people(workspace.id, [userId])).get(userId);
    return this.clients.memberSeesClient(workspace.id, person, task.clientId);
  }

  private urlOf(workspace: WorkspaceRef, task: Task): string {
    return `${this.config.basePath}/w/${workspace.externalId}/tasks/${task.externalId}`;
  }

  /** To the assignee, unless they assigned it to themselves. */
  async assigned(workspace: WorkspaceRef, task: Task, actorUserId: number | null): Promise<void> {
    if (task.assignedTo === null || task.assignedTo === actorUserId || !(await this.sees(workspace, task.assignedTo, task))) return;
    await this.notifications.raiseBestEffort(
      workspace.id,
      { userId: task.assignedTo },
      {
        eventType: 'TASK_ASSIGNED',
        title: 'Task assigned to you',
        message: task.dueDate ? `${task.title} (due ${task.dueDate})` : task.title,
        priority: task.priority === 'URGENT' || task.priority === 'HIGH' ? 'high' : 'medium',
        actionUrl: this.urlOf(workspace, task),
        metadata: { entityType: TASK_ENTITY, entityId: task.externalId },
      },
    );
  }

  /** To the assignee, when someone else commented. */
  async commented(workspace: WorkspaceRef, task: Task, authorUserId: number, authorName: string): Promise<void> {
    if (task.assignedTo === null || task.assignedTo === authorUserId || !(await this.sees(workspace, task.assignedTo, task))) return;
    await this.notifications.raiseBestEffort(
      workspace.id,
      { userId: task.assignedTo },
      {
        eventType: 'TASK_COMMENTED',
        title: `${authorName} commented on a task`,
        message: task.title,
        priority: 'medium',
        actionUrl: this.urlOf(workspace, task),
        metadata: { entityType: TASK_ENTITY, entityId: task.externalId },
      },
    );
  }
}
