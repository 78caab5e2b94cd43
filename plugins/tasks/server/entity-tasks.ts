import { inject, injectable } from 'inversify';
import { notFound, TOKENS, type WorkspaceDirectory, type WorkspaceRef } from '../../../core/plugin-api';
import type { TaskView } from '../shared/wire';
import { TaskService } from './task-service';
import type { EntityTaskInput, TasksService, TaskViewer } from './tokens';

/** What other plugins get through TASKS_SERVICE: tasks linked to their records, under the same rules as the routes. */
@injectable()
export class EntityTasks implements TasksService {
  constructor(
    @inject(TaskService) private readonly tasks: TaskService,
    @inject(TOKENS.Workspaces) private readonly workspaces: WorkspaceDirectory,
  ) {}

  private async workspace(workspaceId: number): Promise<WorkspaceRef> {
    const workspace = await this.workspaces.byId(workspaceId);
    if (!workspace) throw notFound('Workspace not found');
    return workspace;
  }

  async createForEntity(input: EntityTaskInput): Promise<TaskView> {
    return this.tasks.createForEntity(await this.workspace(input.workspaceId), input);
  }

  async listForEntity(workspaceId: number, entityType: string, entityId: string, viewer: TaskViewer): Promise<TaskView[]> {
    return this.tasks.listForEntity(await this.workspace(workspaceId), entityType, entityId, viewer);
  }
}
