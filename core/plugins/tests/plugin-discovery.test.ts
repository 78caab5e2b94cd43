import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { discoverPlugins, orderPlugins, PluginLoadError, selectPlugins } from '../plugin-discovery';
import { pluginManifestSchema, type PluginManifest } from '../../plugin-api/manifest';

const manifest = (id: string, requires: string[] = [], extra: Partial<PluginManifest> = {}): PluginManifest =>
  pluginManifestSchema.parse({ id, name: id, version: '1.0.0', description: `${id} plugin`, requires: { plugins: requires }, ...extra });

function pluginFolder(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'plugins-'));
  for (const [folder, content] of Object.entries(files)) {
    mkdirSync(path.join(root, folder), { recursive: true });
    writeFileSync(path.join(root, folder, 'plugin.json'), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

function loadError(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(PluginLoadError);
    return (error as PluginLoadError).problems;
  }
  throw new Error('expected a PluginLoadError');
}

describe('plugin discovery', () => {
  it('reads and validates each manifest, applying defaults', () => {
    const root = pluginFolder({ alpha: { id: 'alpha', name: 'Alpha', version: '1.2.3', description: 'The first' } });
    const [found] = discoverPlugins([root]);
    expect(found.manifest).to.include({ id: 'alpha', demo: false, defaultEnabled: true });
    expect(found.manifest.requires).to.deep.equal({ core: '*', plugins: [], optional: [] });
    expect(found.dir).to.equal(path.join(root, 'alpha'));
  });

  it('reports every bad manifest with its file and field', () => {
    const root = pluginFolder({
      broken: '{ not json',
      'bad-version': { id: 'bad-version', name: 'Bad', version: 'one', description: 'x' },
      mismatch: { id: 'other', name: 'Other', version: '1.0.0', description: 'x' },
      extra: { id: 'extra', name: 'Extra', version: '1.0.0', description: 'x', surprise: true },
      role: { id: 'role', name: 'Role', version: '1.0.0', description: 'x', permissions: { do_it: ['KING'] } },
    });
    const problems = loadError(() => discoverPlugins([root])).join('\n');
    expect(problems).to.match(/broken\/plugin\.json: not valid JSON/);
    expect(problems).to.match(/bad-version\/plugin\.json: version: must be a semantic version/);
    expect(problems).to.match(/mismatch\/plugin\.json: id "other" must equal its folder name "mismatch"/);
    expect(problems).to.match(/extra\/plugin\.json: .*surprise/);
    expect(problems).to.match(/role\/plugin\.json: permissions\.do_it\.0/);
  });

  it('refuses a server entry that does not exist or leaves the plugin folder', () => {
    const missing = pluginFolder({ ghost: { id: 'ghost', name: 'Ghost', version: '1.0.0', description: 'x', server: 'server/index.ts' } });
    expect(loadError(() => discoverPlugins([missing]))).to.deep.equal(['Plugin ghost: server entry server/index.ts does not exist']);
    const escaping = pluginFolder({ sly: { id: 'sly', name: 'Sly', version: '1.0.0', description: 'x', server: '../x.ts' } });
    expect(loadError(() => discoverPlugins([escaping])).join()).to.match(/server: must stay inside the plugin folder/);
  });

  it('refuses the same plugin id installed twice', () => {
    const first = pluginFolder({ twin: { id: 'twin', name: 'Twin', version: '1.0.0', description: 'x' } });
    const second = pluginFolder({ twin: { id: 'twin', name: 'Twin', version: '1.0.1', description: 'x' } });
    expect(loadError(() => discoverPlugins([first, second])).join()).to.match(/Plugin twin is installed twice/);
  });

  it('finds the six product plugins with the sidebar order and demo badges of the spec', () => {
    const manifests = discoverPlugins([path.resolve(import.meta.dirname, '../../../plugins')])
      .map((plugin) => plugin.manifest)
      .sort((a, b) => a.nav!.order - b.nav!.order);
    expect(manifests.map((each) => each.name)).to.deep.equal(['Tasks', 'Notices', 'Invoices', 'Documents', 'DSC', 'Integrations']);
    expect(manifests.filter((each) => each.demo).map((each) => each.id)).to.deep.equal(['invoices', 'dsc']);
  });
});

describe('plugin ordering', () => {
  it('puts every plugin after the plugins it requires, ties by id', () => {
    const ordered = orderPlugins(
      [
        { manifest: manifest('tasks', ['documents']) },
        { manifest: manifest('documents') },
        { manifest: manifest('alpha') },
        { manifest: manifest('notices', ['documents', 'tasks']) },
      ],
      '0.1.0',
    );
    expect(ordered.map((plugin) => plugin.manifest.id)).to.deep.equal(['alpha', 'documents', 'tasks', 'notices']);
  });

  it('names a missing dependency', () => {
    expect(loadError(() => orderPlugins([{ manifest: manifest('tasks', ['documents']) }], '0.1.0'))).to.deep.equal([
      'Plugin tasks requires plugin documents, which is not installed',
    ]);
  });

  it('names the plugins of a cycle', () => {
    const plugins = [{ manifest: manifest('aa', ['bb']) }, { manifest: manifest('bb', ['cc']) }, { manifest: manifest('cc', ['aa']) }];
    expect(loadError(() => orderPlugins(plugins, '0.1.0'))).to.deep.equal(['Plugins form a dependency cycle: aa -> bb -> cc -> aa']);
  });

  it('puts an installed plugin of requires.optional first, and takes a missing one as no error', () => {
    const optional = (id: string, uses: string[]) => ({ manifest: manifest(id, [], { requires: { core: '*', plugins: [], optional: uses } }) });
    const ordered = orderPlugins([optional('aardvark', ['documents']), { manifest: manifest('documents') }], '0.1.0');
    expect(ordered.map((plugin) => plugin.manifest.id)).to.deep.equal(['documents', 'aardvark']);
    expect(orderPlugins([optional('tasks', ['documents'])], '0.1.0').map((plugin) => plugin.manifest.id)).to.deep.equal(['tasks']);
  });

  it('selects the required plugins of a host but not the optional ones', () => {
    const installed = [
      { manifest: manifest('documents') },
      { manifest: manifest('contacts') },
      { manifest: manifest('tasks', ['contacts'], { requires: { core: '*', plugins: ['contacts'], optional: ['documents'] } }) },
    ];
    expect(selectPlugins(installed, ['tasks']).map((plugin) => plugin.manifest.id)).to.deep.equal(['contacts', 'tasks']);
  });

  it('refuses a plugin built for another core version', () => {
    const plugin = { manifest: manifest('future', [], { requires: { core: '^2.0.0', plugins: [], optional: [] } }) };
    expect(loadError(() => orderPlugins([plugin], '0.1.0'))).to.deep.equal(['Plugin future requires core ^2.0.0, but the core is 0.1.0']);
  });
});
