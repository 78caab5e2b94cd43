import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { businessClient, individualClient, uniqueClientEmail, uniquePan } from '../core/clients/tests/support';
import { rowsContext } from '../core/clients/credential-import-service';
import { rotateKeys, rotationReport, secretColumnsOf } from '../core/host/key-rotation';
import { projectRoot, type Config } from '../core/platform/config';
import { CryptoService } from '../core/platform/crypto';
import { rotateSecretColumn, type SecretColumn } from '../core/platform/key-rotation';
import { TOKENS } from '../core/plugin-api';
import { startTestHost, stepUp, type TestHost, type TestSession } from '../core/plugin-api/testing';
import { spawnNpmScript } from '../core/plugin-api/testing/spawned-app';
import { testConfig } from '../core/plugin-api/testing/test-config';
import { call } from '../core/workspaces/tests/support';

const GUARD_PLUGINS = path.join(projectRoot, 'tests', 'fixtures', 'guard-plugins');
/** The key every test host encrypts with, as `k1` (core/plugin-api/testing/test-config.ts). */
const K1 = Buffer.alloc(32, 7).toString('base64');
const K2 = randomBytes(32).toString('base64');
const K3 = randomBytes(32).toString('base64');
const K4 = randomBytes(32).toString('base64');

/** The configuration an operator deploys before rotating: the new key current, the old ones kept for decryption. */
const rotatedTo = (keyId: string, key: string, previous: string): Config =>
  testConfig({ DATA_ENCRYPTION_KEY: key, DATA_ENCRYPTION_KEY_ID: keyId, DATA_ENCRYPTION_PREVIOUS_KEYS: previous });

describe('key rotation drill (npm run rotate-keys)', function () {
  this.timeout(120_000);
  let vault: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  /** What each stored secret must still read as after every rotation, by `table.column` and row id. */
  const plaintexts = new Map<string, string>();

  const storedValues = async () => {
    const values: { column: SecretColumn; row: Record<string, unknown>; sealed: string }[] = [];
    for (const column of secretColumnsOf(vault.host.registry.plugins)) {
      const rows: Record<string, unknown>[] = await vault.host
        .knex(column.table)
        .select(['id', column.column, ...column.contextColumns])
        .whereNotNull(column.column);
      for (const row of rows) values.push({ column, row, sealed: String(row[column.column]) });
    }
    return values;
  };

  /** Every stored secret carries the key and still reads as what was saved, in its own row's context. */
  const expectEverySecretUnder = async (keyId: string, crypto: CryptoService) => {
    const values = await storedValues();
    expect(values).to.have.length(plaintexts.size);
    for (const { column, row, sealed } of values) {
      const name = `${column.table}.${column.column}#${String(row.id)}`;
      expect(crypto.keyIdOf(sealed), name).to.equal(keyId);
      expect(crypto.decrypt(sealed, column.associatedData(row)), name).to.equal(plaintexts.get(name));
    }
  };

  /** The environment of `npm run rotate-keys` against the drill's database, with `keyId` current and the others kept. */
  const rotationEnv = (keyId: string, key: string, previous: string) => ({
    NODE_ENV: 'test',
    DATABASE_URL: vault.host.config.databaseUrl,
    SESSION_SECRET: 'rotation-drill-session-secret-0123456789abcdef',
    DATA_ENCRYPTION_KEY: key,
    DATA_ENCRYPTION_KEY_ID: keyId,
    DATA_ENCRYPTION_PREVIOUS_KEYS: previous,
    EXTRA_PLUGIN_DIRS: 'tests/fixtures/guard-plugins',
    LOG_LEVEL: 'warn',
  });
  const reportOf = (output: string) => output.split('\n').filter((line) => / rewritten/.test(line));

  before(async function () {
    this.timeout(120_000);
    vault = await startTestHost({ pluginDirs: [GUARD_PLUGINS], plugins: ['vault-fixture'] });
    owner = await vault.signedInUser('rotation-owner');
    workspaceId = (await vault.createWorkspace(owner)).externalId;
    const workspace = await vault.internalIdOf(workspaceId);

    for (const aadhaarNumber of ['234567890123', '345678901234']) {
      const created = await call(owner, 'post', '/clients', { workspaceId, ...individualClient({ aadhaarNumber }) }).expect(201);
      const { id } = await vault.host.knex('clients').where({ external_id: created.body.client.externalId }).first('id');
      plaintexts.set(`clients.aadhaar_ciphertext#${id}`, aadhaarNumber);
    }
    // A business has no Aadhaar: its null is no secret to rotate.
    const holder = await call(owner, 'post', '/clients', { workspaceId, ...businessClient() }).expect(201);
    await stepUp(owner);
    await call(owner, 'post', `/clients/${holder.body.client.externalId}/credentials`, {
      workspaceId,
      platformName: 'GST',
      username: 'gst_meera',
      password: 'Gst#Portal2026',
    }).expect(201);
    const credential = await vault.host.knex('client_credentials').where({ workspace_id: workspace }).first('id');
    plaintexts.set(`client_credentials.username_ciphertext#${credential.id}`, 'gst_meera');
    plaintexts.set(`client_credentials.password_ciphertext#${credential.id}`, 'Gst#Portal2026');

    // An import waiting for its job, as the app leaves it between the request and the run: its rows sealed.
    const importId = randomUUID();
    const importRows = JSON.stringify([
      { email: uniqueClientEmail(), platform: 'GST', username: 'u', password: 'p', name: 'N', phone: '9845012345', panNumber: uniquePan() },
    ]);
    const crypto = vault.host.container.get<CryptoService>(TOKENS.Crypto);
    const [pending] = await vault.host
      .knex('credential_imports')
      .insert({
        external_id: importId,
        workspace_id: workspace,
        status: 'queued',
        total: 1,
        rows_ciphertext: crypto.encrypt(importRows, rowsContext(workspace, importId)),
      })
      .returning('id');
    plaintexts.set(`credential_imports.rows_ciphertext#${pending.id}`, importRows);

    // A plugin's own secrets, contributed through the secrets extension point: more rows than one test batch.
    for (let index = 0; index < 5; index++) {
      const token = `vault-token-${index}-${randomUUID()}`;
      const stored = await call(owner, 'post', '/vault-fixture/tokens', { workspaceId, token }).expect(201);
      const { id } = await vault.host.knex('vault_fixture_tokens').where({ external_id: stored.body.externalId }).first('id');
      plaintexts.set(`vault_fixture_tokens.token_ciphertext#${id}`, token);
    }
  });

  after(() => vault?.stop());

  it('finds the core columns and the plugin column contributed through the secrets point', () => {
    const names = secretColumnsOf(vault.host.registry.plugins).map((column) => `${column.table}.${column.column}`);
    expect(names).to.deep.equal([
      'clients.aadhaar_ciphertext',
      'client_credentials.username_ciphertext',
      'client_credentials.password_ciphertext',
      'credential_imports.rows_ciphertext',
      'vault_fixture_tokens.token_ciphertext',
    ]);
  });

  it('re-encrypts every secret under the new key, each still reading as saved, and a second run rewrites nothing', async () => {
    await expectEverySecretUnder('k1', vault.host.container.get<CryptoService>(TOKENS.Crypto));
    const k2 = new CryptoService(rotatedTo('k2', K2, `k1:${K1}`));

    const first = await rotateKeys(vault.host.knex, k2, vault.host.registry.plugins);
    expect(rotationReport(first)).to.deep.equal([
      'clients.aadhaar_ciphertext: 2 rewritten',
      'client_credentials.username_ciphertext: 1 rewritten',
      'client_credentials.password_ciphertext: 1 rewritten',
      'credential_imports.rows_ciphertext: 1 rewritten',
      'vault_fixture_tokens.token_ciphertext: 5 rewritten',
    ]);
    await expectEverySecretUnder('k2', k2);

    const second = await rotateKeys(vault.host.knex, k2, vault.host.registry.plugins);
    expect(second.map((outcome) => outcome.rewritten + outcome.unreadable)).to.deep.equal([0, 0, 0, 0, 0]);
  });

  it('runs as `npm run rotate-keys`, printing each column with the values it rewrote, then nothing on a second run', async () => {
    const env = rotationEnv('k3', K3, `k1:${K1},k2:${K2}`);
    const run = spawnNpmScript('rotate-keys', env);
    expect(await run.exited, run.output()).to.equal(0);
    expect(reportOf(run.output())).to.deep.equal([
      'clients.aadhaar_ciphertext: 2 rewritten',
      'client_credentials.username_ciphertext: 1 rewritten',
      'client_credentials.password_ciphertext: 1 rewritten',
      'credential_imports.rows_ciphertext: 1 rewritten',
      'vault_fixture_tokens.token_ciphertext: 5 rewritten',
    ]);
    await expectEverySecretUnder('k3', new CryptoService(rotatedTo('k3', K3, `k1:${K1},k2:${K2}`)));

    const again = spawnNpmScript('rotate-keys', env);
    expect(await again.exited, again.output()).to.equal(0);
    expect(reportOf(again.output())).to.have.length(5);
    expect(reportOf(again.output()).every((line) => line.endsWith(': 0 rewritten'))).to.equal(true);
  });

  it('goes through the rows batch by batch and leaves a value that does not decrypt as it is, counted', async () => {
    const k4 = new CryptoService(rotatedTo('k4', K4, `k3:${K3}`));
    const tokens = secretColumnsOf(vault.host.registry.plugins).find((column) => column.table === 'vault_fixture_tokens')!;
    const [copied, overwritten] = await vault.host.knex('vault_fixture_tokens').orderBy('id').limit(2);
    // A ciphertext copied onto another row no longer matches that row's context.
    await vault.host.knex('vault_fixture_tokens').where({ id: overwritten.id }).update({ token_ciphertext: copied.token_ciphertext });

    const outcome = await rotateSecretColumn(vault.host.knex, k4, tokens, 2);
    expect(outcome).to.deep.equal({ table: 'vault_fixture_tokens', column: 'token_ciphertext', rewritten: 4, unreadable: 1 });
    const left = await vault.host.knex('vault_fixture_tokens').where({ id: overwritten.id }).first();
    expect(left.token_ciphertext).to.equal(copied.token_ciphertext);
    expect(rotationReport([outcome])).to.deep.equal(['vault_fixture_tokens.token_ciphertext: 4 rewritten, 1 unreadable (left as they are)']);
  });

  it('exits with 1 while a value cannot be decrypted, so no one drops a key it may still need', async () => {
    const run = spawnNpmScript('rotate-keys', rotationEnv('k4', K4, `k3:${K3}`));
    expect(await run.exited, run.output()).to.equal(1);
    expect(reportOf(run.output())).to.include('vault_fixture_tokens.token_ciphertext: 0 rewritten, 1 unreadable (left as they are)');
  });
});
