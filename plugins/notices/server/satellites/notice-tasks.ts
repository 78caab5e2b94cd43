import type { ClientDirectory, WorkspaceDirectory } from '../../../../core/plugin-api';
import type { TaskPriority, TasksService, TaskView } from '../../../tasks/server/tokens';
import { NOTICE_ENTITY, type NoticePriority } from '../../shared/wire';
import { noticeActivity } from '../activity-text';
import type { Notice } from '../models';
import type { NoticeActor, NoticeService } from '../notice-service';

const TASK_PRIORITY_OF: Record<NoticePriority, TaskPriority> = { HIGH: 'HIGH', MEDIUM: 'MEDIUM', LOW: 'LOW' };

/** spec 2 section 4, "Generate Task from a notice": the task's words, due date and priority. */
export function taskFromNotice(notice: Pick<Notice, 'noticeType' | 'description' | 'dueDate' | 'priority'>, clientName: string) {
  const prefix = `Task generated from notice: ${notice.noticeType}`;
  return {
    title: `${notice.noticeType} - ${clientName}`,
    description: notice.description ? `${prefix}\n\n${notice.description}` : prefix,
    dueDate: notice.dueDate,
    priority: TASK_PRIORITY_OF[notice.priority],
  };
}

/** "Generate Task" and "Associated Tasks" through the tasks plugin's service; the routes have checked it is on. */
export class NoticeTasks {
  constructor(
    private readonly tasks: TasksService,
    private readonly notices: NoticeService,
    private readonly clients: ClientDirectory,
    private readonly workspaces: WorkspaceDirectory,
  ) {}

  /**
   * Assigned to the notice's assignee, or to the actor when it has none or its assignee may no longer hold the
   * notice's task (they left, or are a CLIENT member no longer standing for its client).
   */
  async generate(actor: NoticeActor, noticeId: string): Promise<TaskView> {
    const workspaceId = actor.workspace.id;
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    const [clients, people] = await Promise.all([
      this.clients.byIds(workspaceId, [notice.clientId]),
      notice.assignedTo === null ? new Map() : this.workspaces.people(workspaceId, [notice.assignedTo]),
    ]);
    const assigneeStays =
      notice.assignedTo !== null && (await this.clients.memberSeesClient(workspaceId, people.get(notice.assignedTo), notice.clientId));
    const task = await this.tasks.createForEntity({
      workspaceId,
      actorUserId: actor.userId,
      ...taskFromNotice(notice, clients.get(notice.clientId)?.name ?? ''),
      assigneeUserId: assigneeStays ? notice.assignedTo : actor.userId,
      clientId: notice.clientId,
      entityType: NOTICE_ENTITY,
      entityId: notice.externalId,
    });
    await this.notices.recordActivity(actor, notice, noticeActivity.taskGenerated(task.title));
    return task;
  }

  async associated(actor: NoticeActor, noticeId: string): Promise<TaskView[]> {
    const notice = await this.notices.findVisibleRow(actor, noticeId);
    return this.tasks.listForEntity(actor.workspace.id, NOTICE_ENTITY, notice.externalId, actor);
  }
}
