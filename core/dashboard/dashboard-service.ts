import { inject, injectable } from 'inversify';
import { z, type ZodType } from 'zod';
import type { Contributions } from '../extensions/contributions-service';
import type { AskingMember } from '../extensions/member-context';
import { assertUniqueProviderIds } from '../extensions/unique-provider-ids';
import { TOKENS } from '../platform/tokens';
import { dashboardPoint, type DashboardContribution, type MemberContext } from '../plugin-api/extension-points';

/** How many entries each recent list gives at most; the dashboard's cards show 4 (spec 1 section 8). */
export const DASHBOARD_RECENT_LIMIT = 5;

interface DashboardProvider<Answer> {
  id: string;
  ask(context: MemberContext): Promise<Answer>;
}

/** One part of the dashboard: which providers of a contribution answer it, the shape of an answer, and what a failed provider gives. */
interface DashboardPart<Answer> {
  name: 'stats' | 'recent' | 'graphs';
  providersOf(contribution: DashboardContribution): DashboardProvider<Answer>[];
  answer: ZodType<Answer>;
  failed: Answer;
}

const STATS: DashboardPart<number | null> = {
  name: 'stats',
  providersOf: ({ stats = [] }) => stats.map((stat) => ({ id: stat.id, ask: (context) => stat.value(context) })),
  answer: z.number().finite().nullable(),
  failed: null,
};

const RECENT: DashboardPart<unknown[]> = {
  name: 'recent',
  providersOf: ({ recent = [] }) =>
    recent.map((list) => ({
      id: list.id,
      ask: async (context) => (await list.items(context, DASHBOARD_RECENT_LIMIT)).slice(0, DASHBOARD_RECENT_LIMIT),
    })),
  answer: z.array(z.unknown()),
  failed: [],
};

const GRAPHS: DashboardPart<unknown> = {
  name: 'graphs',
  providersOf: ({ graphs = [] }) => graphs.map((graph) => ({ id: graph.id, ask: (context) => graph.series(context) })),
  answer: z.unknown().refine((value) => value !== undefined, 'must be a value'),
  failed: null,
};

/**
 * `GET dashboard/stats|recent|graphs`: asks every stat, recent list or graph of the core and of the plugins enabled
 * for the workspace, each isolated; a provider that fails gives `null` for its id (a recent list `[]`), so the
 * others' figures still show.
 */
@injectable()
export class DashboardService {
  constructor(@inject(TOKENS.Contributions) private readonly contributions: Contributions) {
    const all = contributions.all(dashboardPoint);
    for (const part of [STATS, RECENT, GRAPHS] as DashboardPart<unknown>[]) {
      assertUniqueProviderIds(
        `dashboard ${part.name}`,
        all.flatMap(({ pluginId, value }) => part.providersOf(value).map(({ id }) => ({ pluginId, id }))),
      );
    }
  }

  async stats(asking: AskingMember): Promise<{ stats: Record<string, number | null> }> {
    return { stats: await this.collect(asking, STATS) };
  }

  recent(asking: AskingMember): Promise<Record<string, unknown[]>> {
    return this.collect(asking, RECENT);
  }

  graphs(asking: AskingMember): Promise<Record<string, unknown>> {
    return this.collect(asking, GRAPHS);
  }

  private async collect<Answer>(asking: AskingMember, part: DashboardPart<Answer>): Promise<Record<string, Answer>> {
    const enabled = await this.contributions.enabledIn(dashboardPoint, asking.workspaceId);
    const calls = enabled.flatMap(({ pluginId, value }) =>
      part.providersOf(value).map((provider) => ({ pluginId, id: provider.id, ask: () => provider.ask(asking.contextFor(pluginId)) })),
    );
    const { answers } = await this.contributions.askEach(dashboardPoint, calls, { answer: part.answer });
    const answered = new Map(answers.map(({ id, answer }) => [id, answer]));
    return Object.fromEntries(calls.map(({ id }): [string, Answer] => [id, answered.has(id) ? (answered.get(id) as Answer) : part.failed]));
  }
}
