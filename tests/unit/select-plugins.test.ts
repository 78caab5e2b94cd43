import { expect } from 'chai';
import { orderPlugins, PluginLoadError, selectPlugins } from '../../core/plugins/plugin-discovery';
import { pluginManifestSchema } from '../../core/plugin-api/manifest';

const plugin = (id: string, requires: string[] = []) => ({
  manifest: pluginManifestSchema.parse({ id, name: id, version: '1.0.0', description: `${id} plugin`, requires: { plugins: requires } }),
});

const idsOf = (plugins: { manifest: { id: string } }[]) => plugins.map((entry) => entry.manifest.id);

describe('choosing the plugins of a host for some plugins', () => {
  const installed = [plugin('alpha'), plugin('beta', ['alpha']), plugin('gamma', ['beta']), plugin('delta'), plugin('epsilon', ['delta', 'alpha'])];

  it('keeps the named plugins and everything they require, however deep, in their installed order', () => {
    expect(idsOf(selectPlugins(installed, ['gamma']))).to.deep.equal(['alpha', 'beta', 'gamma']);
    expect(idsOf(selectPlugins(installed, ['epsilon', 'delta']))).to.deep.equal(['alpha', 'delta', 'epsilon']);
    expect(idsOf(selectPlugins(installed, ['delta']))).to.deep.equal(['delta']);
  });

  it('refuses a plugin that is not installed, naming it and what is installed', () => {
    const refuse = () => selectPlugins(installed, ['gamma', 'zeta']);
    expect(refuse).to.throw(PluginLoadError);
    try {
      refuse();
    } catch (error) {
      expect((error as PluginLoadError).problems).to.deep.equal(['Plugin zeta is not installed (installed: alpha, beta, delta, epsilon, gamma)']);
    }
  });

  it('leaves a missing requirement and a cycle for the ordering to report, without looping', () => {
    const broken = [plugin('lonely', ['absent']), plugin('left', ['right']), plugin('right', ['left'])];
    const lonely = selectPlugins(broken, ['lonely']);
    expect(idsOf(lonely)).to.deep.equal(['lonely']);
    expect(() => orderPlugins(lonely, '0.1.0')).to.throw('Plugin lonely requires plugin absent, which is not installed');
    const cycle = selectPlugins(broken, ['left']);
    expect(idsOf(cycle)).to.deep.equal(['left', 'right']);
    expect(() => orderPlugins(cycle, '0.1.0')).to.throw('Plugins form a dependency cycle: left -> right -> left');
  });
});
