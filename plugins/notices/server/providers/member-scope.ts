import type { QueryBuilder } from 'objection';
import { TOKENS, type ClientDirectory, type MemberContext } from '../../../../core/plugin-api';
import type { Notice } from '../models';
import { onlyVisible, visibleClientsOf, type VisibleClients } from '../notice-visibility';

/** The clients whose notices the asking member sees: a CLIENT member, only their own; null for staff. */
export const visibleClientsFor = (context: MemberContext): Promise<VisibleClients> =>
  visibleClientsOf(context.container.get<ClientDirectory>(TOKENS.Clients), context.workspace.id, context.member);

/** Narrows a query of the workspace's notices to what the asking member sees. */
export async function visibleNotices(context: MemberContext): Promise<(query: QueryBuilder<Notice, Notice[]>) => void> {
  return onlyVisible(await visibleClientsFor(context));
}

/** Where a notice opens in the web app, under `{app}`. */
export const noticeUrl = (context: MemberContext, noticeExternalId: string) => `/w/${context.workspace.externalId}/notices/${noticeExternalId}`;

/** The names of the clients the notices belong to, by serial id. */
export async function clientNamesOf(context: MemberContext, notices: Pick<Notice, 'clientId'>[]): Promise<Map<number, string>> {
  const clients = await context.container.get<ClientDirectory>(TOKENS.Clients).byIds(
    context.workspace.id,
    notices.map((notice) => notice.clientId),
  );
  return new Map([...clients].map(([id, client]) => [id, client.name]));
}
