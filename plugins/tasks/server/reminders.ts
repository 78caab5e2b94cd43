import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  TOKENS,
  type ClientDirectory,
  type Config,
  type NotificationService,
  type WorkspaceDirectory,
  type WorkspaceRef,
  addDays,
  kolkataToday,
} from '../../../core/plugin-api';
import { TASK_ENTITY } from '../shared/wire';
import { Task, TaskReminderSent } from './models';

type ReminderKind = TaskReminderSent['kind'];

const REMINDERS: Record<ReminderKind, { title: string; dueDateCondition: string; priority: 'medium' | 'high' }> = {
  TASK_DUE_SOON: { title: 'Task due tomorrow', dueDateCondition: 'due_date = ?', priority: 'medium' },
  TASK_OVERDUE: { title: 'Task overdue', dueDateCondition: 'due_date < ?', priority: 'high' },
};

/**
 * The daily reminders: TASK_DUE_SOON for open tasks due tomorrow, TASK_OVERDUE for open tasks past due. Each goes out
 * once per task and due date: the row in `tasks_reminders_sent` is claimed first, and only a claim that took raises.
 */
@injectable()
export class TaskReminders {
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
    const dueSoon = await this.remind(workspace, 'TASK_DUE_SOON', addDays(today, 1));
    const overdue = await this.remind(workspace, 'TASK_OVERDUE', today);
    return dueSoon + overdue;
  }

  private remind(workspace: WorkspaceRef, kind: ReminderKind, day: string): Promise<number> {
    const reminder = REMINDERS[kind];
    return this.knex.transaction(async (trx) => {
      const claimed: { rows: { task_id: number }[] } = await trx.raw(
        `insert into tasks_reminders_sent (workspace_id, task_id, kind, day)
         select workspace_id, id, ?, due_date from tasks
         where workspace_id = ? and status <> 'COMPLETED' and assigned_to is not null and ${reminder.dueDateCondition}
         on conflict do nothing
         returning task_id`,
        [kind, workspace.id, day],
      );
      const taskIds = claimed.rows.map((row) => Number(row.task_id));
      if (!taskIds.length) return 0;
      const tasks = await Task.inWorkspace(workspace.id, trx).whereIn('tasks.id', taskIds).orderBy('due_date').orderBy('tasks.id');
      const assignees = await this.workspaces.people(
        workspace.id,
        tasks.map((task) => task.assignedTo!),
      );
      let raised = 0;
      for (const task of tasks) {
        // Someone who has left, or a CLIENT member no longer standing for the task's client, is not told; the claim
        // goes, so the reminder reaches whoever the task is given to next.
        if (!(await this.clients.memberSeesClient(workspace.id, assignees.get(task.assignedTo!), task.clientId, trx))) {
          await TaskReminderSent.query(trx).where({ task_id: task.id, kind, day: task.dueDate }).delete();
          continue;
        }
        raised += 1;
        await this.notifications.raise(
          workspace.id,
          { userId: task.assignedTo! },
          {
            eventType: kind,
            title: reminder.title,
            message: `${task.title} (due ${task.dueDate})`,
            priority: reminder.priority,
            actionUrl: `${this.config.basePath}/w/${workspace.externalId}/tasks/${task.externalId}`,
            metadata: { entityType: TASK_ENTITY, entityId: task.externalId },
          },
          { trx },
        );
      }
      return raised;
    });
  }
}
