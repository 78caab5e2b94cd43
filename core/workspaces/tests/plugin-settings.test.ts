import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { API, createWorkspace, newAgent, signedInUser, workspaceWithEveryRole, type TestSession } from '../../plugin-api/testing/http';
import type { Role } from '../../platform/identity';
import type { PluginCatalogueEntry, WorkspacePluginEntry } from '../wire';
import { activityActions, call, db, internalIdOf } from './support';

const PRODUCT_PLUGINS = ['tasks', 'notices', 'invoices', 'documents', 'dsc', 'integrations'];
const REQUIRES_GATE = { error: 'The Fixture Dependent plugin requires the Gate Fixture plugin. Enable Gate Fixture first.' };
const REQUIRED_BY_DEPENDENT = { error: 'The Gate Fixture plugin is required by the Fixture Dependent plugin. Disable Fixture Dependent first.' };

const pluginsPath = (workspaceId: string) => `/workspaces/${workspaceId}/plugins`;
const switchPlugin = (session: TestSession, workspaceId: string, pluginId: string, enabled: unknown) =>
  call(session, 'put', `${pluginsPath(workspaceId)}/${pluginId}`, { enabled });

async function enabledStates(session: TestSession, workspaceId: string): Promise<Record<string, boolean>> {
  const { body } = await call(session, 'get', pluginsPath(workspaceId)).expect(200);
  return Object.fromEntries((body.plugins as WorkspacePluginEntry[]).map((plugin) => [plugin.id, plugin.enabled]));
}

describe('workspace plugin settings', () => {
  let owner: TestSession;
  let workspace: { externalId: string; name: string };

  before(async () => {
    owner = await signedInUser('plugin-owner');
    workspace = await createWorkspace(owner);
  });

  describe('the catalogue', () => {
    it('lists the six product plugins, Invoices and DSC as demos, with their nav in order', async () => {
      const { body } = await call(owner, 'get', '/plugins').expect(200);
      const plugins = body.plugins as PluginCatalogueEntry[];
      const product = plugins.filter((plugin) => PRODUCT_PLUGINS.includes(plugin.id));
      expect(product.map((plugin) => plugin.id)).to.have.members(PRODUCT_PLUGINS);
      expect(product.filter((plugin) => plugin.demo).map((plugin) => plugin.name)).to.have.members(['Invoices', 'DSC']);
      const nav = product.filter((plugin) => plugin.nav).sort((a, b) => a.nav!.order - b.nav!.order);
      expect(nav.map((plugin) => plugin.nav!.label)).to.deep.equal(['Tasks', 'Notices', 'Invoices', 'Documents', 'DSC', 'Integrations']);
      for (const plugin of product) {
        expect(plugin).to.have.keys('id', 'name', 'description', 'version', 'demo', 'defaultEnabled', 'requires', 'nav', 'available');
        expect(plugin.description).to.be.a('string').and.not.equal('');
        expect(plugin).to.include({ defaultEnabled: true });
        expect(plugin.requires).to.deep.equal([]);
        expect(plugin.nav!.path).to.equal(plugin.id);
      }
      expect(plugins.find((plugin) => plugin.id === 'fixture-dependent')).to.include({ defaultEnabled: false, nav: null });
      expect(plugins.find((plugin) => plugin.id === 'fixture-dependent')!.requires).to.deep.equal(['gate-fixture']);
    });

    it('says which plugins are not available yet: those with a page but no web part', async () => {
      const { body } = await call(owner, 'get', '/plugins').expect(200);
      const availability = Object.fromEntries((body.plugins as PluginCatalogueEntry[]).map((plugin) => [plugin.id, plugin.available]));
      expect(availability).to.include({ invoices: false, dsc: false, integrations: false, documents: true, tasks: true, notices: true });
      // A page and a web part (the gate fixture), or no page at all (the example's server part, a bare fixture): available.
      expect(availability).to.include({ 'gate-fixture': true, 'example-extensions': true, 'fixture-dependent': true });
    });

    it('is for signed-in users only', async () => {
      const { agent } = await newAgent();
      const response = await agent.get(`${API}/plugins`);
      expect(response.status).to.equal(401);
      expect(response.body).to.deep.equal({ error: 'Not signed in' });
    });
  });

  describe('per workspace', () => {
    it('starts a new workspace with each plugin’s default', async () => {
      const { body } = await call(owner, 'get', '/plugins').expect(200);
      const defaults = Object.fromEntries((body.plugins as PluginCatalogueEntry[]).map((plugin) => [plugin.id, plugin.defaultEnabled]));
      expect(defaults['fixture-dependent']).to.equal(false);
      expect(await enabledStates(owner, workspace.externalId)).to.deep.equal(defaults);
      const rows = await db()('workspace_plugins')
        .where({ workspace_id: await internalIdOf(workspace.externalId) })
        .select('plugin_id', 'enabled');
      expect(Object.fromEntries(rows.map((row) => [row.plugin_id, row.enabled]))).to.deep.equal(defaults);
    });

    it('shows every member the catalogue entry with the switch and the remote entry', async () => {
      const { workspace: shared, sessions } = await workspaceWithEveryRole();
      for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]) {
        const { body } = await call(sessions[role], 'get', pluginsPath(shared.externalId)).expect(200);
        const documents = (body.plugins as WorkspacePluginEntry[]).find((plugin) => plugin.id === 'documents')!;
        expect(documents).to.include({ id: 'documents', name: 'Documents', demo: false, defaultEnabled: true, enabled: true, available: true });
        expect(documents.nav).to.deep.equal({ label: 'Documents', path: 'documents', order: 5, icon: 'folder-close' });
        // Null until the plugin's web remote is built.
        if (documents.remoteEntry !== null) expect(documents.remoteEntry).to.match(/^\/axal\/remotes\/documents\/[^/]+\/remoteEntry\.js$/);
      }
      await switchPlugin(sessions.OWNER, shared.externalId, 'documents', false).expect(200);
      const { body } = await call(sessions.CLIENT, 'get', pluginsPath(shared.externalId)).expect(200);
      // A disabled plugin's code is not offered to the browser.
      expect((body.plugins as WorkspacePluginEntry[]).find((plugin) => plugin.id === 'documents')).to.include({ enabled: false, remoteEntry: null });
    });

    it('switches a plugin off and on for one workspace only, and records each switch', async () => {
      const other = await createWorkspace(owner);
      const off = await switchPlugin(owner, workspace.externalId, 'documents', false).expect(200);
      expect(off.body.plugin).to.include({ id: 'documents', name: 'Documents', enabled: false, demo: false });
      expect((await enabledStates(owner, workspace.externalId)).documents).to.equal(false);
      expect((await enabledStates(owner, other.externalId)).documents).to.equal(true);

      // Asking for the state a plugin is already in changes and records nothing.
      await switchPlugin(owner, workspace.externalId, 'documents', false).expect(200);
      const on = await switchPlugin(owner, workspace.externalId, 'documents', true).expect(200);
      expect(on.body.plugin).to.include({ id: 'documents', enabled: true });
      expect((await activityActions(workspace.externalId)).slice(-2)).to.deep.equal(['plugin.disabled', 'plugin.enabled']);

      const { body } = await call(owner, 'get', `/workspaces/${workspace.externalId}/activity`).expect(200);
      expect(body.activity[0]).to.include({ action: 'plugin.enabled', entityType: 'plugin', entityId: 'documents' });
      expect(body.activity[0].actor).to.deep.equal({ externalId: owner.user.externalId, name: owner.user.name });
      expect(body.activity[1]).to.include({ action: 'plugin.disabled', entityType: 'plugin', entityId: 'documents' });
    });

    it('refuses to switch a plugin that is not available yet (409), keeping its stored switch and recording nothing', async () => {
      const id = (await createWorkspace(owner)).externalId;
      const before = await activityActions(id);
      for (const [pluginId, name] of [['invoices', 'Invoices']]) {
        for (const enabled of [false, true]) {
          const response = await switchPlugin(owner, id, pluginId, enabled);
          expect(response.status, `${pluginId} ${enabled}`).to.equal(409);
          expect(response.body).to.deep.equal({ error: `The ${name} plugin is not available yet, so it cannot be switched on or off` });
        }
      }
      expect(await enabledStates(owner, id)).to.include({ invoices: true });
      const { body } = await call(owner, 'get', pluginsPath(id)).expect(200);
      expect((body.plugins as WorkspacePluginEntry[]).find((plugin) => plugin.id === 'invoices')).to.include({
        enabled: true,
        available: false,
        remoteEntry: null,
      });
      expect(await activityActions(id)).to.deep.equal(before);
    });

    it('refuses to enable a plugin whose required plugin is off, and to disable one that an enabled plugin requires (409)', async () => {
      const id = (await createWorkspace(owner)).externalId;
      await switchPlugin(owner, id, 'gate-fixture', false).expect(200);
      const enabling = await switchPlugin(owner, id, 'fixture-dependent', true);
      expect(enabling.status).to.equal(409);
      expect(enabling.body).to.deep.equal(REQUIRES_GATE);
      expect(await enabledStates(owner, id)).to.include({ 'gate-fixture': false, 'fixture-dependent': false });

      await switchPlugin(owner, id, 'gate-fixture', true).expect(200);
      await switchPlugin(owner, id, 'fixture-dependent', true).expect(200);
      const disabling = await switchPlugin(owner, id, 'gate-fixture', false);
      expect(disabling.status).to.equal(409);
      expect(disabling.body).to.deep.equal(REQUIRED_BY_DEPENDENT);
      expect(await enabledStates(owner, id)).to.include({ 'gate-fixture': true, 'fixture-dependent': true });

      await switchPlugin(owner, id, 'fixture-dependent', false).expect(200);
      await switchPlugin(owner, id, 'gate-fixture', false).expect(200);
      expect(await enabledStates(owner, id)).to.include({ 'gate-fixture': false, 'fixture-dependent': false });
    });

    it('never breaks a dependency when both switches race', async () => {
      for (let round = 0; round < 5; round++) {
        const id = (await createWorkspace(owner)).externalId;
        const [disableGate, enableDependent] = await Promise.all([
          switchPlugin(owner, id, 'gate-fixture', false),
          switchPlugin(owner, id, 'fixture-dependent', true),
        ]);
        expect([disableGate.status, enableDependent.status].sort((a, b) => a - b)).to.deep.equal([200, 409]);
        const states = await enabledStates(owner, id);
        expect(states['fixture-dependent'] && !states['gate-fixture'], JSON.stringify(states)).to.equal(false);
      }
    });

    it('keeps a plugin’s data while it is off', async () => {
      const id = (await createWorkspace(owner)).externalId;
      const note = await call(owner, 'post', '/gate-fixture/notes', { workspaceId: id, text: 'TDS return for Q2' }).expect(201);
      await switchPlugin(owner, id, 'gate-fixture', false).expect(200);
      expect(await db()('fixture_notes').where({ external_id: note.body.externalId })).to.have.length(1);
      await switchPlugin(owner, id, 'gate-fixture', true).expect(200);
      const { body } = await owner.agent.get(`${API}/gate-fixture/notes`).query({ workspaceId: id }).expect(200);
      expect(body.notes).to.deep.equal([{ externalId: note.body.externalId, text: 'TDS return for Q2' }]);
    });

    it('answers an unknown plugin with 404', async () => {
      for (const pluginId of ['payroll', randomUUID(), 'TASKS', 'tasks ', '__proto__', 'constructor', 'toString']) {
        const response = await switchPlugin(owner, workspace.externalId, encodeURIComponent(pluginId), true);
        expect(response.status, pluginId).to.equal(404);
        expect(response.body).to.deep.equal({ error: 'Plugin not found' });
      }
    });

    it('refuses a switch that is not true or false: 400', async () => {
      for (const body of [{ enabled: 'true' }, { enabled: 1 }, { enabled: null }, {}, { enable: true }]) {
        const response = await call(owner, 'put', `${pluginsPath(workspace.externalId)}/tasks`, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.error).to.equal('enabled must be true or false');
        expect(response.body.details).to.deep.equal({ enabled: ['enabled must be true or false'] });
      }
    });

    it('lets owners and admins switch, and refuses employees and clients (403)', async () => {
      const { workspace: shared, sessions } = await workspaceWithEveryRole();
      for (const role of ['OWNER', 'ADMIN'] as Role[]) {
        await switchPlugin(sessions[role], shared.externalId, 'documents', false).expect(200);
        await switchPlugin(sessions[role], shared.externalId, 'documents', true).expect(200);
      }
      for (const role of ['EMPLOYEE', 'CLIENT'] as Role[]) {
        for (const pluginId of ['documents', 'no-such-plugin']) {
          const response = await switchPlugin(sessions[role], shared.externalId, pluginId, false);
          expect(response.status).to.equal(403);
          expect(response.body).to.deep.equal({ error: 'Only owners and admins can switch plugins' });
        }
      }
      expect((await enabledStates(sessions.OWNER, shared.externalId)).documents).to.equal(true);
    });
  });
});
