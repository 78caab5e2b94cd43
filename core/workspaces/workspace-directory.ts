import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { isExternalId, type WorkspaceRef } from '../platform/http';
import type { Role } from '../platform/identity';
import { TableCache } from '../platform/table-cache';
import { TableChanges } from '../platform/table-changes';
import { TOKENS } from '../platform/tokens';

const LOOKUP_BATCH = 1000;
/** One entry per workspace and person its records name. */
const PEOPLE_KEPT = 50_000;

/** A current member as other domains show them (an assignee picker, a task's assignee). */
export interface WorkspaceMemberSummary {
  userId: number;
  externalId: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
}

/** Anyone a record names (its creator, its assignee), whether or not they are still a member. */
export interface PersonSummary {
  userId: number;
  externalId: string;
  name: string;
  image: string | null;
  /** False for someone who has left the workspace. */
  isMember: boolean;
  /** Their role while a member; null once they have left. */
  role: Role | null;
}

/** What a plugin may learn about workspaces without reading the core's tables (`TOKENS.Workspaces`). Read only. */
@injectable()
export class WorkspaceDirectory {
  /** By workspace and user id: every list of a plugin names people, who rarely change. */
  private readonly keptPeople: TableCache<PersonSummary>;

  constructor(
    @inject(TOKENS.Knex) private readonly knex: Knex,
    @inject(TableChanges) changes: TableChanges,
  ) {
    this.keptPeople = new TableCache(changes, ['users', 'workspace_members'], PEOPLE_KEPT);
  }

  /** Null for a workspace that does not exist (any more). */
  async byId(workspaceId: number): Promise<WorkspaceRef | null> {
    const row: { id: number; external_id: string; name: string } | undefined = await this.knex('workspaces')
      .where({ id: workspaceId })
      .first('id', 'external_id', 'name');
    return row ? { id: row.id, externalId: row.external_id, name: row.name } : null;
  }

  /** The current members, by name. */
  async members(workspaceId: number): Promise<WorkspaceMemberSummary[]> {
    const rows = await this.memberQuery(workspaceId).orderByRaw('lower(u.name), u.id');
    return rows.map(toMemberSummary);
  }

  /** The current member with this user external id, or null (not a member, or not an id at all). */
  async memberByExternalId(workspaceId: number, userExternalId: string): Promise<WorkspaceMemberSummary | null> {
    if (!isExternalId(userExternalId)) return null;
    const row = await this.memberQuery(workspaceId).where('u.external_id', userExternalId.toLowerCase()).first();
    return row ? toMemberSummary(row) : null;
  }

  /** The people with these user ids, each marked whether they are still a member of the workspace. */
  async people(workspaceId: number, userIds: Iterable<number>): Promise<Map<number, PersonSummary>> {
    const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id));
    return this.keptPeople.readMany(workspaceId, ids, (missing) => this.readPeople(workspaceId, missing));
  }

  private async readPeople(workspaceId: number, ids: number[]): Promise<Map<number, PersonSummary>> {
    const people = new Map<number, PersonSummary>();
    for (let start = 0; start < ids.length; start += LOOKUP_BATCH) {
      const rows: { id: number; external_id: string; name: string; image: string | null; role: Role | null }[] = await this.knex('users as u')
        .leftJoin('workspace_members as m', (join) => join.on('m.user_id', 'u.id').andOnVal('m.workspace_id', workspaceId))
        .whereIn('u.id', ids.slice(start, start + LOOKUP_BATCH))
        .select('u.id', 'u.external_id', 'u.name', 'u.image', 'm.role');
      for (const row of rows) {
        people.set(row.id, {
          userId: row.id,
          externalId: row.external_id,
          name: row.name,
          image: row.image,
          isMember: row.role !== null,
          role: row.role,
        });
      }
    }
    return people;
  }

  private memberQuery(workspaceId: number) {
    return this.knex('workspace_members as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.workspace_id', workspaceId)
      .select<MemberRow[]>('u.id', 'u.external_id', 'u.name', 'u.email', 'u.image', 'm.role');
  }

  /** Which of these external ids (in lower case) name an existing workspace; strings that are not external ids name none. */
  async existingExternalIds(externalIds: Iterable<string>): Promise<Set<string>> {
    const candidates = [...new Set([...externalIds].filter(isExternalId).map((id) => id.toLowerCase()))];
    const existing = new Set<string>();
    for (let start = 0; start < candidates.length; start += LOOKUP_BATCH) {
      const found: string[] = await this.knex('workspaces')
        .whereIn('external_id', candidates.slice(start, start + LOOKUP_BATCH))
        .pluck('external_id');
      for (const id of found) existing.add(id);
    }
    return existing;
  }
}

interface MemberRow {
  id: number;
  external_id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role;
}

const toMemberSummary = (row: MemberRow): WorkspaceMemberSummary => ({
  userId: row.id,
  externalId: row.external_id,
  name: row.name,
  email: row.email,
  image: row.image,
  role: row.role,
});
