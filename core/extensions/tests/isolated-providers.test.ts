import { expect } from 'chai';
import { z } from 'zod';
import type { Logger } from '../../platform/logger';
import { askIsolated, type ProviderCall } from '../isolated-providers';

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

function recordingLogger(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  return { logger: { warn: at('warn'), error: at('error') } as unknown as Logger, lines };
}

const call = (id: string, ask: () => Promise<unknown>): ProviderCall<unknown> => ({ pluginId: `plugin-${id}`, id, ask });

describe('asking providers in isolation', () => {
  it('keeps every answer that came in time and in shape, in the order asked, and logs each one left out with its plugin', async () => {
    const { logger, lines } = recordingLogger();
    const outcomes = await askIsolated(
      [
        call('answers', async () => [1, 2]),
        call('rejects', async () => Promise.reject(new Error('database away'))),
        call('throwsAtOnce', (() => {
          throw new Error('not even a promise');
        }) as () => Promise<unknown>),
        call('wrongShape', async () => 'three'),
        call('neverAnswers', () => new Promise(() => undefined)),
        call('alsoAnswers', async () => []),
      ],
      { point: 'somePoint', budgetMs: 100, logger, answer: z.array(z.number()) },
    );

    expect(outcomes).to.deep.equal([
      { pluginId: 'plugin-answers', id: 'answers', ok: true, answer: [1, 2] },
      { pluginId: 'plugin-rejects', id: 'rejects', ok: false },
      { pluginId: 'plugin-throwsAtOnce', id: 'throwsAtOnce', ok: false },
      { pluginId: 'plugin-wrongShape', id: 'wrongShape', ok: false },
      { pluginId: 'plugin-neverAnswers', id: 'neverAnswers', ok: false },
      { pluginId: 'plugin-alsoAnswers', id: 'alsoAnswers', ok: true, answer: [] },
    ]);
    expect(lines.map(({ level, fields }) => [level, fields.pluginId, fields.provider, fields.point])).to.have.deep.members([
      ['error', 'plugin-rejects', 'rejects', 'somePoint'],
      ['error', 'plugin-throwsAtOnce', 'throwsAtOnce', 'somePoint'],
      ['error', 'plugin-wrongShape', 'wrongShape', 'somePoint'],
      ['warn', 'plugin-neverAnswers', 'neverAnswers', 'somePoint'],
    ]);
  });

  it('drops fields an answer carries beyond its shape', async () => {
    const { logger } = recordingLogger();
    const [outcome] = await askIsolated([call('hits', async () => ({ title: 'Kaveri', internalId: 42 }))], {
      point: 'search',
      budgetMs: 1000,
      logger,
      answer: z.object({ title: z.string() }),
    });
    expect(outcome).to.deep.equal({ pluginId: 'plugin-hits', id: 'hits', ok: true, answer: { title: 'Kaveri' } });
  });
});
