import { expect } from 'chai';
import pg from 'pg';
import { createClient } from 'redis';
import { StorageService } from '../core/platform/storage';
import { call, sharedHost, startTestHost, type TestHost, type TestSession } from '../core/plugin-api/testing';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../core/plugin-api/testing/test-config';
import type { PluginCatalogueEntry, WorkspacePluginEntry } from '../core/workspaces/wire';

const NO_ROUTE = { error: 'Not found' };

async function catalogueIds(session: TestSession): Promise<string[]> {
  const { body } = await call(session, 'get', '/plugins').expect(200);
  return (body.plugins as PluginCatalogueEntry[]).map((plugin) => plugin.id);
}

async function workspacePlugins(session: TestSession, workspaceId: string): Promise<Pick<WorkspacePluginEntry, 'id' | 'enabled'>[]> {
  const { body } = await call(session, 'get', `/workspaces/${workspaceId}/plugins`).expect(200);
  return (body.plugins as WorkspacePluginEntry[]).map(({ id, enabled }) => ({ id, enabled }));
}

/** The tables of the host's database whose migrations belong to a plugin. */
async function pluginMigrationTables(running: TestHost): Promise<string[]> {
  const rows: { table_name: string }[] = await running.host
    .knex('information_schema.tables')
    .where({ table_schema: 'public' })
    .andWhereLike('table_name', 'knex\\_migrations\\_%')
    .orderBy('table_name')
    .select('table_name');
  return rows.map((row) => row.table_name).filter((table) => !table.endsWith('_lock'));
}

/** The databases of this machine whose names match a LIKE pattern. */
async function databasesLike(pattern: string): Promise<string[]> {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}

async function redisKeyCount(prefix: string): Promise<number> {
  const redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  try {
    let count = 0;
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) count += keys.length;
    return count;
  } finally {
    await redis.quit();
  }
}

describe('a test host for one plugin', function () {
  this.timeout(60_000);

  describe('started for documents', () => {
    let documents: TestHost;

    before(async () => {
      documents = await startTestHost({ plugins: ['documents'] });
    });

    after(() => documents?.stop());

    it('lists only documents in the catalogue and in a workspace, and migrates only its tables', async () => {
      const owner = await documents.signedInUser('one-plugin');
      const workspace = await documents.createWorkspace(owner);
      expect(await catalogueIds(owner)).to.deep.equal(['documents']);
      expect(await workspacePlugins(owner, workspace.externalId)).to.deep.equal([{ id: 'documents', enabled: true }]);
      expect(await pluginMigrationTables(documents)).to.deep.equal(['knex_migrations_documents']);
    });

    it('answers 404 for the routes of a plugin it did not load', async () => {
      const owner = await documents.signedInUser('one-plugin-gate');
      const workspace = await documents.createWorkspace(owner);
      const notes = await call(owner, 'get', '/gate-fixture/notes').query({ workspaceId: workspace.externalId });
      expect(notes.status).to.equal(404);
      expect(notes.body).to.deep.equal(NO_ROUTE);
      const written = await call(owner, 'post', '/gate-fixture/notes', { workspaceId: workspace.externalId, text: 'nowhere' });
      expect(written.status).to.equal(404);
      expect(written.body).to.deep.equal(NO_ROUTE);
    });

    it('makes signed-in members of every role on itself, who are strangers to the shared host', async () => {
      const { workspace, sessions } = await documents.workspaceWithEveryRole();
      const { body } = await call(sessions.OWNER, 'get', `/workspaces/${workspace.externalId}/members`).expect(200);
      const roles = Object.fromEntries((body.members as { email?: string; role: string }[]).map((member) => [member.email, member.role]));
      for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as const) expect(roles[sessions[role].user.email], role).to.equal(role);
      for (const role of ['ADMIN', 'CLIENT'] as const) {
        const { body: own } = await call(sessions[role], 'get', `/workspaces/${workspace.externalId}/role`).expect(200);
        expect(own.role).to.equal(role);
      }

      const knownToShared = await sharedHost().host.knex('users').where({ external_id: sessions.OWNER.user.externalId }).first('id');
      expect(knownToShared, 'the user lives in the one-plugin host database only').to.equal(undefined);
      const workspaceOnShared = await sharedHost().host.knex('workspaces').where({ external_id: workspace.externalId }).first('id');
      expect(workspaceOnShared).to.equal(undefined);
      expect(await documents.internalIdOf(workspace.externalId)).to.be.a('number');
    });
  });

  describe('started for a plugin that requires another', () => {
    it('pulls the requirement in, serves both, and leaves no database, Redis keys or blob container once stopped', async () => {
      const dependent = await startTestHost({ plugins: ['fixture-dependent'] });
      const database = new URL(dependent.host.config.databaseUrl).pathname.slice(1);
      const redisPrefix = dependent.host.config.redisKeyPrefix;
      const blobs = new StorageService(process.env.AZURE_STORAGE_CONNECTION_STRING!, dependent.host.config.storage.container);
      try {
        const owner = await dependent.signedInUser('dependent');
        const workspace = await dependent.createWorkspace(owner);
        expect(await catalogueIds(owner)).to.deep.equal(['gate-fixture', 'fixture-dependent']);
        expect(await workspacePlugins(owner, workspace.externalId)).to.deep.equal([
          { id: 'gate-fixture', enabled: true },
          { id: 'fixture-dependent', enabled: false },
        ]);
        await call(owner, 'post', '/gate-fixture/notes', { workspaceId: workspace.externalId, text: 'required and loaded' }).expect(201);
        const documentsRoute = await call(owner, 'get', '/documents/storage').query({ workspaceId: workspace.externalId });
        expect(documentsRoute.status).to.equal(404);
        expect(documentsRoute.body).to.deep.equal(NO_ROUTE);
        expect(await pluginMigrationTables(dependent)).to.deep.equal(['knex_migrations_fixture_dependent', 'knex_migrations_gate_fixture']);
        expect(database).to.not.equal(new URL(sharedHost().host.config.databaseUrl).pathname.slice(1));
        expect(redisPrefix).to.not.equal(sharedHost().host.config.redisKeyPrefix);
        expect(await blobs.container.exists(), 'its own blob container').to.equal(true);
        expect(blobs.container.containerName).to.not.equal(sharedHost().host.config.storage.container);
        expect(await redisKeyCount(redisPrefix), 'its sessions are in its own Redis scope').to.be.greaterThan(0);
      } finally {
        await dependent.stop();
      }
      expect(await databasesLike(database)).to.deep.equal([]);
      expect(await redisKeyCount(redisPrefix)).to.equal(0);
      expect(await blobs.container.exists()).to.equal(false);
    });

    it('fails clearly for a plugin that is not installed, and leaves no database behind', async () => {
      const failure = await startTestHost({ plugins: ['no-such-plugin'] }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.message).to.match(/Plugin no-such-plugin is not installed \(installed: .*documents.*gate-fixture.*\)/);
      const runDatabase = new URL(TEST_DATABASE_URL).pathname.slice(1);
      expect(await databasesLike(`${runDatabase}\\_%no\\_such\\_plugin`)).to.deep.equal([]);
    });
  });
});
