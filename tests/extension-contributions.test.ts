import { expect } from 'chai';
import { z } from 'zod';
import { discoverPlugins, orderPlugins, PluginLoadError } from '../core/plugins/plugin-discovery';
import { loadPluginDefinitions, validateContributions, type LoadedPlugin } from '../core/plugins/plugin-registry';
import {
  calendarPoint,
  createExtensionPoint,
  dashboardPoint,
  definePlugin,
  searchPoint,
  settingsPoint,
  type PluginDefinition,
} from '../core/plugin-api';
import { pluginManifestSchema } from '../core/plugin-api/manifest';
import { FIXTURE_PLUGIN_DIR } from '../core/plugin-api/testing/test-config';
import { reminderTemplatesPoint } from './fixtures/plugins/example-extensions/server/tokens';

const EXAMPLES = ['example-extensions', 'example-companion'];

/** The example plugin and its companion as the host loads them at start-up. */
async function loadedExamples(): Promise<LoadedPlugin[]> {
  const discovered = discoverPlugins([FIXTURE_PLUGIN_DIR]).filter((plugin) => EXAMPLES.includes(plugin.manifest.id));
  return loadPluginDefinitions(orderPlugins(discovered, '0.1.0'));
}

/** A plugin made in memory, as if discovered and loaded. */
function plugin(id: string, definition: Omit<PluginDefinition, 'id'>, requires: string[] = [], optional: string[] = []): LoadedPlugin {
  const manifest = pluginManifestSchema.parse({
    id,
    name: id,
    version: '1.0.0',
    description: 'A plugin of this test.',
    requires: { plugins: requires, optional },
  });
  return { manifest, dir: `/nowhere/${id}`, definition: definePlugin({ id, ...definition }) };
}

function problemsOf(plugins: LoadedPlugin[]): string[] {
  try {
    validateContributions(plugins);
  } catch (error) {
    if (error instanceof PluginLoadError) return error.problems;
    throw error;
  }
  return [];
}

describe('checking contributions at start-up', () => {
  it('takes the example plugin, which contributes to every core point, and its companion, which contributes to its point', async () => {
    const examples = await loadedExamples();
    expect(examples.map((loaded) => loaded.manifest.id)).to.deep.equal(EXAMPLES);
    const points = new Set(examples[0].definition!.contributes!.map((contribution) => contribution.point));
    expect([...points].sort()).to.deep.equal([
      'calendar',
      'clientLifecycle',
      'dashboard',
      'notificationEventTypes',
      'schedules',
      'search',
      'settings',
    ]);
    expect(problemsOf(examples)).to.deep.equal([]);
  });

  it('refuses a contribution to a point that no installed plugin declares', async () => {
    const companionAlone = (await loadedExamples()).filter((loaded) => loaded.manifest.id === 'example-companion');
    expect(problemsOf(companionAlone)).to.deep.equal([
      'Plugin example-companion: contributes to exampleExtensions.reminderTemplates, which no installed plugin declares',
    ]);
    const stray = createExtensionPoint<string>('nobody.declares', { description: 'A point no plugin offers.' });
    expect(problemsOf([plugin('stray', { contributes: [stray.contribute('x')] })])).to.deep.equal([
      'Plugin stray: contributes to nobody.declares, which no installed plugin declares',
    ]);
  });

  it("refuses a contribution to another plugin's point from a plugin that does not require it", async () => {
    const [owner] = await loadedExamples();
    const uninvited = plugin('uninvited', {
      contributes: [reminderTemplatesPoint.contribute({ id: 'vatReturn', title: 'VAT return', daysAhead: 5 })],
    });
    expect(problemsOf([owner, uninvited])).to.deep.equal([
      'Plugin uninvited: contributes to exampleExtensions.reminderTemplates of example-extensions without requiring example-extensions',
    ]);
  });

  it('takes a contribution to the point of a plugin the contributor lists in requires.optional', async () => {
    const [owner] = await loadedExamples();
    const optionalUser = plugin(
      'optional-user',
      { contributes: [reminderTemplatesPoint.contribute({ id: 'vatReturn', title: 'VAT return', daysAhead: 5 })] },
      [],
      ['example-extensions'],
    );
    expect(problemsOf([owner, optionalUser])).to.deep.equal([]);
  });

  it('leaves out a contribution to the point of an optional plugin that is not installed, and still refuses an unknown point', () => {
    const optionalUser = plugin(
      'optional-user',
      {
        contributes: [
          reminderTemplatesPoint.contribute({ id: 'vatReturn', title: 'VAT return', daysAhead: 5 }),
          createExtensionPoint('nowhere.points', { description: 'A point no plugin of this test declares.' }).contribute({}),
        ],
      },
      [],
      ['example-extensions'],
    );
    expect(problemsOf([optionalUser])).to.deep.equal(['Plugin optional-user: contributes to nowhere.points, which no installed plugin declares']);
  });

  it('refuses contributions of the wrong shape, naming the plugin, the point and the place', async () => {
    const problems = problemsOf([
      plugin('unlabelled', { contributes: [dashboardPoint.contribute({ stats: [{ id: 'figure', label: '', value: async () => 1 }] })] }),
      plugin('misnamed', { contributes: [searchPoint.contribute({ id: 'Bad Id', search: async () => [] })] }),
      plugin('no-function', { contributes: [calendarPoint.contribute({ id: 'dates', items: 'soon' as never })] }),
      plugin('no-default', { contributes: [settingsPoint.contribute({ schema: z.object({ apiKey: z.string() }) })] }),
    ]);
    expect(problems).to.deep.equal([
      'Plugin unlabelled: its dashboard contribution is invalid at stats.0.label: Too small: expected string to have >=1 characters',
      'Plugin misnamed: its search contribution is invalid at id: must be a camelCase identifier',
      'Plugin no-function: its calendar contribution is invalid at items: must be a function',
      'Plugin no-default: its settings contribution is invalid at schema: every field needs a default, which a workspace that never saved the form reads',
    ]);
  });

  it('refuses a point declared twice', async () => {
    const [owner] = await loadedExamples();
    const copycat = plugin('copycat', { extensionPoints: [reminderTemplatesPoint] });
    expect(problemsOf([owner, copycat])).to.deep.equal([
      'Plugin copycat: extension point exampleExtensions.reminderTemplates is already declared by example-extensions',
    ]);
  });
});
