/**
 * The members a record of these clients may be given to: staff, and a CLIENT member only when they stand for every
 * one of the clients (never for the firm's own work), as the server's client directory decides. `clients` is what
 * `GET workspaces/{id}/members` answers staff for each member. The member `chosen` already stays listed (after the
 * record's client changed, saving says why they cannot hold it).
 */
export function assignableMembers<Member extends { externalId: string; role: string; clients: { externalId: string }[] }>(
  members: Member[],
  clientIds: string[],
  chosen?: string,
): Member[] {
  const standsForAll = (member: Member) => clientIds.length > 0 && clientIds.every((id) => member.clients.some((client) => client.externalId === id));
  return members.filter((member) => member.role !== 'CLIENT' || member.externalId === chosen || standsForAll(member));
}
