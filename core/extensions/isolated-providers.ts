import type { ZodType } from 'zod';
import type { Logger } from '../platform/logger';

/** One provider to ask: a stat, a search provider, a calendar source, or any contribution of a plugin's own point. */
export interface ProviderCall<Answer> {
  /** The contributing plugin (`core` for the core's own domains), named in every log line about the call. */
  pluginId: string;
  /** The provider's id within its point; the key of its answer and what `incomplete` lists. */
  id: string;
  ask(): Promise<Answer>;
}

export type ProviderOutcome<Answer> = { pluginId: string; id: string } & ({ ok: true; answer: Answer } | { ok: false });

export interface IsolationOptions<Answer> {
  /** The extension point's id, for the logs. */
  point: string;
  /** How long each provider may take; a later answer is ignored. */
  budgetMs: number;
  logger: Logger;
  /** The shape an answer must have; a provider answering anything else counts as failed. Unknown fields are dropped. */
  answer?: ZodType<Answer>;
}

/** Five seconds: generous for a database query, short enough that one hung provider does not hang a page. */
export const DEFAULT_PROVIDER_BUDGET_MS = 5000;

const TIMED_OUT = Symbol('timed out');

/**
 * Asks every provider at once, each within its own time budget. A provider that throws, answers the wrong shape or
 * runs past its budget is logged with its plugin and left out (`ok: false`); it never fails the others or the request.
 * Outcomes come back in the order of `calls`.
 */
export function askIsolated<Answer>(calls: ProviderCall<Answer>[], options: IsolationOptions<Answer>): Promise<ProviderOutcome<Answer>[]> {
  return Promise.all(calls.map((call) => askOne(call, options)));
}

async function askOne<Answer>(call: ProviderCall<Answer>, options: IsolationOptions<Answer>): Promise<ProviderOutcome<Answer>> {
  const { pluginId, id } = call;
  const where = { pluginId, point: options.point, provider: id };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), options.budgetMs);
  });
  try {
    // Through `then`, so a provider that throws before returning its promise is caught like one that rejects.
    const answered = await Promise.race([Promise.resolve().then(() => call.ask()), expired]);
    if (answered === TIMED_OUT) {
      options.logger.warn({ ...where, budgetMs: options.budgetMs }, 'extension provider ran past its time budget and was left out');
      return { pluginId, id, ok: false };
    }
    if (!options.answer) return { pluginId, id, ok: true, answer: answered };
    const checked = options.answer.safeParse(answered);
    if (checked.success) return { pluginId, id, ok: true, answer: checked.data };
    const issue = checked.error.issues[0];
    options.logger.error(
      { ...where, problem: `${issue?.path.join('.') || 'answer'}: ${issue?.message}` },
      'extension provider answered the wrong shape and was left out',
    );
    return { pluginId, id, ok: false };
  } catch (error) {
    options.logger.error({ ...where, err: error }, 'extension provider failed and was left out');
    return { pluginId, id, ok: false };
  } finally {
    clearTimeout(timer);
  }
}
