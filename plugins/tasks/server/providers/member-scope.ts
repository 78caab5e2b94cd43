import type { QueryBuilder } from 'objection';
import { TOKENS, type ClientDirectory, type MemberContext } from '../../../../core/plugin-api';
import type { Task } from '../models';
import { onlyVisible, visibleClientsOf } from '../task-visibility';

/** Narrows a query of the workspace's tasks to what the asking member sees: a CLIENT member, only their clients' tasks. */
export async function visibleTasks(context: MemberContext): Promise<(query: QueryBuilder<Task, Task[]>) => void> {
  const clients = context.container.get<ClientDirectory>(TOKENS.Clients);
  return onlyVisible(await visibleClientsOf(clients, context.workspace.id, context.member));
}

/** Where a task opens in the web app, under `{app}`. */
export const taskUrl = (context: MemberContext, taskExternalId: string) => `/w/${context.workspace.externalId}/tasks/${taskExternalId}`;
