import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { TOKENS } from '../platform/tokens';
import type { AiProviderId } from './notice-analysis';

export interface AiUsageEntry {
  workspaceId: number;
  provider: AiProviderId;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

export interface AiUsageTotals {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** The tokens a workspace's analyses spent with a metered provider (`ai_usage`). */
@injectable()
export class AiUsage {
  constructor(@inject(TOKENS.Knex) private readonly knex: Knex) {}

  async record(entry: AiUsageEntry): Promise<void> {
    await this.knex('ai_usage').insert({
      workspace_id: entry.workspaceId,
      provider: entry.provider,
      model: entry.model,
      prompt_tokens: entry.promptTokens,
      completion_tokens: entry.completionTokens,
    });
  }

  /** What the workspace spent from the start of `sinceDay` (YYYY-MM-DD, Asia/Kolkata) until now. */
  async totalsFor(workspaceId: number, sinceDay: string): Promise<AiUsageTotals> {
    const row = await this.knex('ai_usage')
      .where('workspace_id', workspaceId)
      .whereRaw(`(created_at at time zone 'Asia/Kolkata')::date >= ?::date`, [sinceDay])
      .first(
        this.knex.raw('count(*) as calls'),
        this.knex.raw('coalesce(sum(prompt_tokens), 0) as prompt_tokens'),
        this.knex.raw('coalesce(sum(completion_tokens), 0) as completion_tokens'),
      );
    // The count and the sums of integer columns are bigint, which core/platform/db.ts parses to numbers.
    return { calls: row.calls, promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens };
  }
}
