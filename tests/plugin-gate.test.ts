import { expect } from 'chai';
import pg from 'pg';
import type { QueueService } from '../core/platform/queue';
import { TOKENS } from '../core/platform/tokens';
import { API, createWorkspace, memberWithRole, signedInUser, type TestSession } from '../core/plugin-api/testing/http';
import { eventually } from '../core/plugin-api/testing/eventually';
import { sharedHost } from '../core/plugin-api/testing/root-hooks';

const NOT_ENABLED = { error: 'The Gate Fixture plugin is not enabled for this workspace' };

const switchPlugin = (session: TestSession, workspaceId: string, pluginId: string, enabled: boolean) =>
  session.agent.put(`${API}/workspaces/${workspaceId}/plugins/${pluginId}`).set('X-CSRF-Token', session.csrf).send({ enabled });

const addNote = (session: TestSession, workspaceId: string, text: string) =>
  session.agent.post(`${API}/gate-fixture/notes`).set('X-CSRF-Token', session.csrf).send({ workspaceId, text });

const listNotes = (session: TestSession, workspaceId: string) => session.agent.get(`${API}/gate-fixture/notes`).query({ workspaceId });

async function runJob(workspaceId: number, text: string): Promise<unknown> {
  const queue = sharedHost().host.container.get<QueueService>(TOKENS.Queue);
  const job = await queue.enqueue('gate-fixture.record', { workspaceId, text });
  return new Promise((resolve, reject) => {
    job.on('succeeded', resolve);
    job.on('failed', reject);
  });
}

async function internalIdOf(externalId: string): Promise<number> {
  const row = await sharedHost().host.knex('workspaces').where({ external_id: externalId }).first('id');
  return row.id;
}

describe('per-workspace plugin gate', () => {
  let owner: TestSession;
  let first: { externalId: string; name: string };
  let second: { externalId: string; name: string };

  before(async () => {
    owner = await signedInUser('gate-owner');
    [first, second] = await Promise.all([createWorkspace(owner), createWorkspace(owner)]);
  });

  it('serves an enabled plugin behind session, membership and permission', async () => {
    await addNote(owner, first.externalId, 'kept').expect(201);
    const listed = await listNotes(owner, first.externalId).expect(200);
    expect(listed.body.notes.map((note: { text: string }) => note.text)).to.deep.equal(['kept']);

    const client = await memberWithRole(owner, first.externalId, 'CLIENT');
    await listNotes(client, first.externalId).expect(200);
    const refused = await addNote(client, first.externalId, 'nope').expect(403);
    expect(refused.body).to.have.property('error');
  });

  it('checks the session first, then membership, then the plugin switch', async () => {
    const stranger = await signedInUser('stranger');
    await switchPlugin(owner, second.externalId, 'gate-fixture', false).expect(200);

    const anonymous = await (
      await import('supertest')
    )
      .default(sharedHost().baseUrl)
      .get(`${API}/gate-fixture/notes`)
      .query({ workspaceId: second.externalId });
    expect(anonymous.status).to.equal(401);
    const outsider = await listNotes(stranger, second.externalId).expect(404);
    expect(outsider.body).to.deep.equal({ error: 'Workspace not found' });
    const missing = await owner.agent.get(`${API}/gate-fixture/notes`).expect(400);
    expect(missing.body).to.deep.equal({ error: 'Workspace ID is required' });

    await switchPlugin(owner, second.externalId, 'gate-fixture', true).expect(200);
  });

  it('answers 404 for a disabled plugin in that workspace only, and keeps its data', async () => {
    await switchPlugin(owner, first.externalId, 'gate-fixture', false).expect(200);
    expect((await listNotes(owner, first.externalId).expect(404)).body).to.deep.equal(NOT_ENABLED);
    expect((await addNote(owner, first.externalId, 'blocked').expect(404)).body).to.deep.equal(NOT_ENABLED);
    await listNotes(owner, second.externalId).expect(200);

    const plugins = await owner.agent.get(`${API}/workspaces/${first.externalId}/plugins`).expect(200);
    expect(plugins.body.plugins.find((plugin: { id: string }) => plugin.id === 'gate-fixture').enabled).to.equal(false);

    await switchPlugin(owner, first.externalId, 'gate-fixture', true).expect(200);
    const listed = await listNotes(owner, first.externalId).expect(200);
    expect(listed.body.notes.map((note: { text: string }) => note.text)).to.deep.equal(['kept']);
  });

  it('refuses to enable a plugin whose requirement is off, or to disable a requirement in use', async () => {
    await switchPlugin(owner, first.externalId, 'gate-fixture', false).expect(200);
    const enabling = await switchPlugin(owner, first.externalId, 'fixture-dependent', true).expect(409);
    expect(enabling.body).to.deep.equal({ error: 'The Fixture Dependent plugin requires the Gate Fixture plugin. Enable Gate Fixture first.' });

    await switchPlugin(owner, first.externalId, 'gate-fixture', true).expect(200);
    await switchPlugin(owner, first.externalId, 'fixture-dependent', true).expect(200);
    const disabling = await switchPlugin(owner, first.externalId, 'gate-fixture', false).expect(409);
    expect(disabling.body).to.deep.equal({
      error: 'The Gate Fixture plugin is required by the Fixture Dependent plugin. Disable Fixture Dependent first.',
    });

    await switchPlugin(owner, first.externalId, 'fixture-dependent', false).expect(200);
    await switchPlugin(owner, first.externalId, 'gate-fixture', false).expect(200);
    await switchPlugin(owner, first.externalId, 'gate-fixture', true).expect(200);
  });

  it('skips a plugin job for a workspace where the plugin is off and runs it where it is on', async () => {
    const [enabledId, disabledId] = await Promise.all([internalIdOf(second.externalId), internalIdOf(first.externalId)]);
    await switchPlugin(owner, first.externalId, 'gate-fixture', false).expect(200);
    expect(await runJob(disabledId, 'from a job while off')).to.deep.equal({ skipped: true });
    expect(await runJob(enabledId, 'from a job while on')).to.deep.equal({ recorded: true });
    const written = await sharedHost().host.knex('fixture_notes').where('text', 'like', 'from a job%').select('workspace_id', 'text');
    expect(written).to.deep.equal([{ workspace_id: enabledId, text: 'from a job while on' }]);

    await switchPlugin(owner, first.externalId, 'gate-fixture', true).expect(200);
  });

  it('keeps each plugin in its own migrations table', async () => {
    const rows = await sharedHost().host.knex('knex_migrations_gate_fixture').select('name');
    expect(rows.map((row) => row.name)).to.deep.equal(['20261122000001_fixture_notes.ts']);
    const core = await sharedHost().host.knex('knex_migrations').select('name');
    expect(core.map((row) => row.name)).to.not.include('20261122000001_fixture_notes.ts');
  });

  describe('kept answers of the gate, when another process changes what they were read from', () => {
    let otherProcess: pg.Client;
    let workspace: { externalId: string; name: string };

    before(async () => {
      otherProcess = new pg.Client({ connectionString: sharedHost().host.config.databaseUrl });
      await otherProcess.connect();
      workspace = await createWorkspace(owner);
    });
    after(() => otherProcess.end());

    const userIdOf = async (session: TestSession) => {
      const me = await session.agent.get(`${API}/me`).expect(200);
      return (await sharedHost().host.knex('users').where({ external_id: me.body.user.externalId }).first('id')).id as number;
    };

    it("refuses a member removed by another process's write, as soon as it commits", async () => {
      const member = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
      await listNotes(member, workspace.externalId).expect(200);
      await otherProcess.query('delete from workspace_members where user_id = $1', [await userIdOf(member)]);
      await eventually(async () => (await listNotes(member, workspace.externalId)).status === 404, 'the removed member to be refused');
      expect((await listNotes(member, workspace.externalId)).body).to.deep.equal({ error: 'Workspace not found' });
    });

    it("applies a role changed by another process's write to the permission check", async () => {
      const member = await memberWithRole(owner, workspace.externalId, 'EMPLOYEE');
      await addNote(member, workspace.externalId, 'while an employee').expect(201);
      await otherProcess.query("update workspace_members set role = 'CLIENT' where user_id = $1", [await userIdOf(member)]);
      await eventually(async () => (await addNote(member, workspace.externalId, 'as a client')).status === 403, 'the new role to be applied');
    });

    it("answers 404 for a plugin switched off by another process's write", async () => {
      await listNotes(owner, workspace.externalId).expect(200);
      const { id } = await sharedHost().host.knex('workspaces').where({ external_id: workspace.externalId }).first('id');
      await otherProcess.query(
        `insert into workspace_plugins (workspace_id, plugin_id, enabled) values ($1, 'gate-fixture', false)
         on conflict (workspace_id, plugin_id) do update set enabled = false`,
        [id],
      );
      await eventually(async () => (await listNotes(owner, workspace.externalId)).status === 404, 'the switch to be applied');
      expect((await listNotes(owner, workspace.externalId)).body).to.deep.equal(NOT_ENABLED);
      await switchPlugin(owner, workspace.externalId, 'gate-fixture', true).expect(200);
      await listNotes(owner, workspace.externalId).expect(200);
    });
  });
});
