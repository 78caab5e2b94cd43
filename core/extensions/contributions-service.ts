import { inject, injectable } from 'inversify';
import { CORE_CONTRIBUTIONS } from '../plugins/core-module';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Logger } from '../platform/logger';
import { TOKENS } from '../platform/tokens';
import type { Contribution, ExtensionPoint } from '../plugin-api/extension-points';
import type { WorkspacePluginsService } from '../workspaces/workspace-plugins';
import { askIsolated, DEFAULT_PROVIDER_BUDGET_MS, type IsolationOptions, type ProviderCall } from './isolated-providers';

/** What the core's own contributions are attributed to in answers and logs, where a plugin's id would be. */
export const CORE_SOURCE = 'core';

export interface ContributionOf<T> {
  /** The contributing plugin, or `core` for the core's own domains. */
  pluginId: string;
  value: T;
}

export interface GatherOptions<T, Answer> extends Partial<Pick<IsolationOptions<Answer>, 'budgetMs' | 'answer'>> {
  /** The provider's id in `incomplete` and the logs; the contributing plugin's id when absent. */
  idOf?: (value: T) => string;
}

export interface Gathered<Answer> {
  /** The answers of the providers that answered in time, in contribution order. */
  answers: { pluginId: string; id: string; answer: Answer }[];
  /** Ids of the providers that failed or ran past their budget (each logged). */
  incomplete: string[];
}

/**
 * Reads the contributions to any extension point, the core's and a plugin's own alike (`TOKENS.Contributions`).
 * The core's own domains contribute first and are always on; a plugin's contributions count in a workspace only
 * while the plugin is enabled there.
 */
export interface Contributions {
  /** The core's and every installed plugin's contributions, enabled or not (e.g. hooks that guard data whatever the switches say). */
  all<T>(point: ExtensionPoint<T>): ContributionOf<T>[];
  enabledIn<T>(point: ExtensionPoint<T>, workspaceId: number): Promise<ContributionOf<T>[]>;
  /** Asks each contribution enabled in the workspace at once, each isolated and within its budget (5 s by default). */
  gather<T, Answer>(
    point: ExtensionPoint<T>,
    workspaceId: number,
    ask: (value: T, pluginId: string) => Promise<Answer>,
    options?: GatherOptions<T, Answer>,
  ): Promise<Gathered<Answer>>;
  /** Runs provider calls the way `gather` does, for points whose contributions hold several providers each. */
  askEach<Answer>(
    point: { id: string },
    calls: ProviderCall<Answer>[],
    options?: Partial<Pick<IsolationOptions<Answer>, 'budgetMs' | 'answer'>>,
  ): Promise<Gathered<Answer>>;
}

@injectable()
export class ContributionsService implements Contributions {
  constructor(
    @inject(TOKENS.PluginRegistry) private readonly registry: PluginRegistry,
    @inject(TOKENS.WorkspacePlugins) private readonly workspacePlugins: WorkspacePluginsService,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(CORE_CONTRIBUTIONS) private readonly coreContributions: readonly Contribution[],
  ) {}

  all<T>(point: ExtensionPoint<T>): ContributionOf<T>[] {
    return [...this.core(point), ...this.registry.contributions(point)];
  }

  async enabledIn<T>(point: ExtensionPoint<T>, workspaceId: number): Promise<ContributionOf<T>[]> {
    const states = await this.workspacePlugins.states(workspaceId);
    return [...this.core(point), ...this.registry.contributions(point).filter(({ pluginId }) => states.get(pluginId) === true)];
  }

  async gather<T, Answer>(
    point: ExtensionPoint<T>,
    workspaceId: number,
    ask: (value: T, pluginId: string) => Promise<Answer>,
    options: GatherOptions<T, Answer> = {},
  ): Promise<Gathered<Answer>> {
    const contributions = await this.enabledIn(point, workspaceId);
    const calls = contributions.map(({ pluginId, value }) => ({ pluginId, id: options.idOf?.(value) ?? pluginId, ask: () => ask(value, pluginId) }));
    return this.askEach(point, calls, options);
  }

  async askEach<Answer>(
    point: { id: string },
    calls: ProviderCall<Answer>[],
    options: Partial<Pick<IsolationOptions<Answer>, 'budgetMs' | 'answer'>> = {},
  ): Promise<Gathered<Answer>> {
    const outcomes = await askIsolated(calls, {
      point: point.id,
      budgetMs: options.budgetMs ?? DEFAULT_PROVIDER_BUDGET_MS,
      answer: options.answer,
      logger: this.logger,
    });
    const gathered: Gathered<Answer> = { answers: [], incomplete: [] };
    for (const outcome of outcomes) {
      if (outcome.ok) gathered.answers.push({ pluginId: outcome.pluginId, id: outcome.id, answer: outcome.answer });
      else gathered.incomplete.push(outcome.id);
    }
    return gathered;
  }

  private core<T>(point: ExtensionPoint<T>): ContributionOf<T>[] {
    return this.coreContributions
      .filter((contribution) => contribution.point === point.id)
      .map((contribution) => ({
        pluginId: CORE_SOURCE,
        value: contribution.value as T,
      }));
  }
}
