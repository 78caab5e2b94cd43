import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { isExternalId, type WorkspaceRef } from '../platform/http';
import { TOKENS } from '../platform/tokens';

const LOOKUP_BATCH = 1000;

/** What a plugin may learn about workspaces without reading the core's tables (`TOKENS.Workspaces`). Read only. */
@injectable()
export class WorkspaceDirectory {
  constructor(@inject(TOKENS.Knex) private readonly knex: Knex) {}

  /** Null for a workspace that does not exist (any more). */
  async byId(workspaceId: number): Promise<WorkspaceRef | null> {
    const row: { id: number; external_id: string; name: string } | undefined = await this.knex('workspaces')
      .where({ id: workspaceId })
      .first('id', 'external_id', 'name');
    return row ? { id: row.id, externalId: row.external_id, name: row.name } : null;
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
