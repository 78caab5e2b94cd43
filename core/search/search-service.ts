import { inject, injectable } from 'inversify';
import { z } from 'zod';
import type { Contributions } from '../extensions/contributions-service';
import type { AskingMember } from '../extensions/member-context';
import { assertUniqueProviderIds } from '../extensions/unique-provider-ids';
import { TOKENS } from '../platform/tokens';
import { searchPoint, type SearchHit } from '../plugin-api/extension-points';
import { searchHitSchema, type SearchQuery } from './search-schemas';

/** Each provider's time budget: the search box waits for the slowest provider, but never longer than this. */
export const SEARCH_PROVIDER_BUDGET_MS = 1500;

export interface SearchAnswer {
  results: SearchHit[];
  /** Providers that failed or ran past their budget; their hits are missing from `results`. */
  incomplete: string[];
}

/** Takes each provider's first hit, then each one's second, ..., so one provider with many hits cannot crowd out the rest. */
function interleave(lists: SearchHit[][], limit: number): SearchHit[] {
  const results: SearchHit[] = [];
  for (let rank = 0; results.length < limit && lists.some((list) => rank < list.length); rank++) {
    for (const list of lists) if (rank < list.length && results.length < limit) results.push(list[rank]);
  }
  return results;
}

/** `GET search`: asks the search providers of the core and of the plugins enabled for the workspace, all at once. */
@injectable()
export class SearchService {
  constructor(@inject(TOKENS.Contributions) private readonly contributions: Contributions) {
    assertUniqueProviderIds(
      'search',
      contributions.all(searchPoint).map(({ pluginId, value }) => ({ pluginId, id: value.id })),
    );
  }

  async search(asking: AskingMember, { q, limit }: SearchQuery): Promise<SearchAnswer> {
    const { answers, incomplete } = await this.contributions.gather(
      searchPoint,
      asking.workspaceId,
      (provider, pluginId) => provider.search(q, asking.contextFor(pluginId), limit),
      { idOf: (provider) => provider.id, budgetMs: SEARCH_PROVIDER_BUDGET_MS, answer: z.array(searchHitSchema) },
    );
    return {
      results: interleave(
        answers.map(({ answer }) => answer),
        limit,
      ),
      incomplete,
    };
  }
}
