import { expect } from 'chai';
import {
  addReminder,
  capturingLogs,
  EXAMPLE_PLUGIN,
  saveExampleSettings,
  switchExamplePlugin,
  workspaceWithExamplePlugin,
} from '../../extensions/tests/support';
import { TOKENS } from '../../platform/tokens';
import { call, createWorkspace, db, internalIdOf, memberWithRole, sharedHost, type TestSession } from '../../plugin-api/testing';
import { activityActions } from '../../workspaces/tests/support';
import { PLUGIN_SETTINGS_TABLE, type PluginSettings } from '../plugin-settings-service';

const settingsPath = (workspaceId: string, pluginId = EXAMPLE_PLUGIN) => `/workspaces/${workspaceId}/plugins/${pluginId}/settings`;
const DEFAULTS = { leadDays: 1, simulateFailure: 'none' };
const ONLY_ADMINISTRATORS = { error: 'Only owners and admins can manage plugin settings' };

const KOLKATA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const kolkataDateIn = (days: number) => {
  const [year, month, day] = KOLKATA_DATE.format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};

async function storedRow(workspaceId: string) {
  return db()(PLUGIN_SETTINGS_TABLE)
    .where({ workspace_id: await internalIdOf(workspaceId), plugin_id: EXAMPLE_PLUGIN })
    .first();
}

describe('plugin settings', () => {
  let owner: TestSession;
  let workspaceId: string;

  beforeEach(async () => {
    ({ owner, workspaceId } = await workspaceWithExamplePlugin('settings-owner'));
  });

  describe('GET', () => {
    it("answers the defaults, the schema's JSON Schema and the field labels of a workspace that never saved", async () => {
      const { body } = await call(owner, 'get', settingsPath(workspaceId)).expect(200);
      expect(body).to.have.keys('pluginId', 'values', 'schema', 'fields');
      expect(body).to.deep.include({ pluginId: EXAMPLE_PLUGIN, values: DEFAULTS });
      expect(body.schema).to.deep.include({ type: 'object', additionalProperties: false });
      expect(body.schema.properties.leadDays).to.deep.include({ type: 'integer', minimum: 0, maximum: 30, default: 1 });
      expect(body.schema.properties.simulateFailure).to.deep.include({ enum: ['none', 'throw', 'hang'], default: 'none' });
      expect(body.fields.leadDays).to.deep.include({ label: 'Days ahead' });
    });

    it('answers 404 for an unknown plugin, a plugin without settings, and a plugin not enabled in the workspace', async () => {
      expect((await call(owner, 'get', settingsPath(workspaceId, 'no-such-plugin')).expect(404)).body).to.deep.equal({ error: 'Plugin not found' });
      expect((await call(owner, 'get', settingsPath(workspaceId, 'gate-fixture')).expect(404)).body).to.deep.equal({
        error: 'The Gate Fixture plugin has no settings',
      });
      await switchExamplePlugin(owner, workspaceId, false);
      expect((await call(owner, 'get', settingsPath(workspaceId)).expect(404)).body).to.deep.equal({
        error: 'The Example Extensions plugin is not enabled for this workspace',
      });
      await call(owner, 'put', settingsPath(workspaceId), { values: { leadDays: 3 } }).expect(404);
    });
  });

  describe('PUT', () => {
    it('saves the values sent, answers them over the defaults, and logs which fields changed', async () => {
      const { body } = await call(owner, 'put', settingsPath(workspaceId), { values: { leadDays: 7 } }).expect(200);
      expect(body).to.deep.equal({ values: { leadDays: 7, simulateFailure: 'none' } });
      expect((await call(owner, 'get', settingsPath(workspaceId)).expect(200)).body.values).to.deep.equal({ leadDays: 7, simulateFailure: 'none' });
      // Only what was sent is stored, so a default that changes later still reaches the other fields.
      expect((await storedRow(workspaceId)).settings).to.deep.equal({ leadDays: 7 });
      expect(await activityActions(workspaceId)).to.include('plugin.settings_changed');
      const entry = await db()('activity_log')
        .where({ workspace_id: await internalIdOf(workspaceId), action: 'plugin.settings_changed' })
        .first();
      expect(entry).to.deep.include({ entity_type: 'plugin', entity_id: EXAMPLE_PLUGIN });
      expect(entry.metadata).to.deep.equal({ changed: ['leadDays'] });
    });

    it('replaces what was saved: a field left out reads its default again', async () => {
      await saveExampleSettings(owner, workspaceId, { leadDays: 7, simulateFailure: 'throw' });
      const { body } = await call(owner, 'put', settingsPath(workspaceId), { values: { leadDays: 2 } }).expect(200);
      expect(body.values).to.deep.equal({ leadDays: 2, simulateFailure: 'none' });
    });

    it('refuses values the schema does not take, with details per field, and keeps what was saved', async () => {
      await saveExampleSettings(owner, workspaceId, { leadDays: 4 });
      const invalid = await call(owner, 'put', settingsPath(workspaceId), { values: { leadDays: 40, simulateFailure: 'sometimes' } }).expect(400);
      expect(invalid.body.details).to.have.keys('leadDays', 'simulateFailure');
      const unknown = await call(owner, 'put', settingsPath(workspaceId), { values: { leadDay: 3 } }).expect(400);
      expect(unknown.body).to.deep.equal({ error: 'Unknown setting: leadDay', details: { leadDay: ['Unknown setting'] } });
      for (const body of [{}, { values: [3] }, { values: 'leadDays=3' }]) {
        const notAnObject = await call(owner, 'put', settingsPath(workspaceId), body).expect(400);
        expect(notAnObject.body.error).to.equal('values must be an object of settings');
      }
      expect((await storedRow(workspaceId)).settings).to.deep.equal({ leadDays: 4 });
    });
  });

  it('is for owners and admins: other members get 403 for reading and saving', async () => {
    const admin = await memberWithRole(owner, workspaceId, 'ADMIN');
    await call(admin, 'put', settingsPath(workspaceId), { values: { leadDays: 5 } }).expect(200);
    for (const role of ['EMPLOYEE', 'CLIENT'] as const) {
      const member = await memberWithRole(owner, workspaceId, role);
      expect((await call(member, 'get', settingsPath(workspaceId)).expect(403)).body).to.deep.equal(ONLY_ADMINISTRATORS);
      expect((await call(member, 'put', settingsPath(workspaceId), { values: { leadDays: 9 } }).expect(403)).body).to.deep.equal(ONLY_ADMINISTRATORS);
    }
    expect((await call(owner, 'get', settingsPath(workspaceId)).expect(200)).body.values.leadDays).to.equal(5);
  });

  it('keeps the saved values while the plugin is disabled', async () => {
    await saveExampleSettings(owner, workspaceId, { leadDays: 6 });
    await switchExamplePlugin(owner, workspaceId, false);
    await switchExamplePlugin(owner, workspaceId, true);
    expect((await call(owner, 'get', settingsPath(workspaceId)).expect(200)).body.values.leadDays).to.equal(6);
  });

  describe('read from code', () => {
    it("through context.settings() in the plugin's own route", async () => {
      await saveExampleSettings(owner, workspaceId, { leadDays: 3 });
      // The example's POST reminders sets a missing due date `leadDays` ahead, read through context.settings().
      const reminder = await addReminder(owner, workspaceId, { title: 'No date given' });
      expect(reminder.dueOn).to.equal(kolkataDateIn(3));
    });

    it('through TOKENS.PluginSettings, for jobs and services', async () => {
      const settings = sharedHost().host.container.get<PluginSettings>(TOKENS.PluginSettings);
      const id = await internalIdOf(workspaceId);
      expect(await settings.read(id, EXAMPLE_PLUGIN)).to.deep.equal(DEFAULTS);
      await saveExampleSettings(owner, workspaceId, { simulateFailure: 'throw' });
      expect(await settings.read(id, EXAMPLE_PLUGIN)).to.deep.equal({ leadDays: 1, simulateFailure: 'throw' });
    });

    it('drops stored fields the schema no longer has, and reads a stored value that no longer fits as its default', async () => {
      await saveExampleSettings(owner, workspaceId, { leadDays: 8 });
      await db()(PLUGIN_SETTINGS_TABLE)
        .where({ workspace_id: await internalIdOf(workspaceId), plugin_id: EXAMPLE_PLUGIN })
        .update({ settings: JSON.stringify({ leadDays: 'eight', simulateFailure: 'throw', retiredField: true }) });
      const { result, logs } = await capturingLogs(() => call(owner, 'get', settingsPath(workspaceId)).expect(200));
      expect(result.body.values).to.deep.equal({ leadDays: 1, simulateFailure: 'throw' });
      expect(logs.filter(({ fields }) => fields.pluginId === EXAMPLE_PLUGIN)).to.have.length(1);
    });
  });

  it('go with their workspace when it is deleted', async () => {
    const { externalId, name } = await createWorkspace(owner);
    await switchExamplePlugin(owner, externalId, true);
    await saveExampleSettings(owner, externalId, { leadDays: 2 });
    const id = await internalIdOf(externalId);
    await call(owner, 'delete', `/workspaces/${externalId}`, { confirmation: name }).expect(200);
    expect(await db()(PLUGIN_SETTINGS_TABLE).where({ workspace_id: id })).to.deep.equal([]);
  });
});
