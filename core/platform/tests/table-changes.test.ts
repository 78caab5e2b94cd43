import { expect } from 'chai';
import pg from 'pg';
import { eventually } from '../../plugin-api/testing/eventually';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { createLogger } from '../logger';
import { TableCache } from '../table-cache';
import { TableChanges, watchedTablesWrittenBy } from '../table-changes';

describe('watchedTablesWrittenBy', () => {
  it('names the watched tables a statement writes, and none for a read', () => {
    expect(watchedTablesWrittenBy('insert into "clients" ("name") values ($1)')).to.deep.equal(['clients']);
    expect(watchedTablesWrittenBy('update "workspace_members" set "role" = $1 where "id" = $2')).to.deep.equal(['workspace_members']);
    expect(watchedTablesWrittenBy('delete from "users" where "id" = $1')).to.deep.equal(['users']);
    expect(watchedTablesWrittenBy('with gone as (delete from workspaces where id = 1 returning id) update clients set name = 1')).to.have.members([
      'workspaces',
      'clients',
    ]);
    expect(watchedTablesWrittenBy('truncate table tasks')).to.include.members(['users', 'clients']);
    expect(watchedTablesWrittenBy('update "tasks" set "title" = $1')).to.deep.equal([]);
    expect(watchedTablesWrittenBy('select * from "clients" for update')).to.deep.equal([]);
    expect(watchedTablesWrittenBy('insert into tasks (x) values (1) on conflict do update set x = 2')).to.deep.equal([]);
  });
});

describe('TableCache over TableChanges (real PostgreSQL)', () => {
  const knex = () => sharedHost().host.knex;
  const changes = () => sharedHost().host.container.get(TableChanges);
  let otherProcess: pg.Client;
  let loads: number;
  const loader = (value: string) => async () => {
    loads += 1;
    return value;
  };

  before(async () => {
    otherProcess = new pg.Client({ connectionString: sharedHost().host.config.databaseUrl });
    await otherProcess.connect();
  });
  beforeEach(() => {
    loads = 0;
  });
  after(() => otherProcess.end());

  it('keeps a value until one of its tables is written by this process, and drops it at once', async () => {
    const cache = new TableCache<string>(changes(), ['clients'], 10);
    await cache.read('a', loader('first'));
    expect(await cache.read('a', loader('second'))).to.equal('first');
    await knex()('workspace_plugins').where({ workspace_id: -1 }).update({ enabled: true });
    expect(await cache.read('a', loader('second'))).to.equal('first');
    await knex()('clients').where({ id: -1 }).update({ name: 'nobody' });
    expect(await cache.read('a', loader('third'))).to.equal('third');
    expect(loads).to.equal(2);
  });

  it("drops a value when another process's write commits, and not before", async () => {
    const cache = new TableCache<string>(changes(), ['workspace_members'], 10);
    await cache.read('a', loader('first'));
    await otherProcess.query('begin');
    await otherProcess.query('update workspace_members set role = role where id = -1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.read('a', loader('uncommitted'))).to.equal('first');
    await otherProcess.query('commit');
    await eventually(async () => (await cache.read('a', loader('committed'))) === 'committed', 'the notification of the commit');
  });

  it('neither drops nor notices a rolled back write of another process', async () => {
    const cache = new TableCache<string>(changes(), ['users'], 10);
    await cache.read('a', loader('first'));
    await otherProcess.query('begin');
    await otherProcess.query('update users set name = name where id = -1');
    await otherProcess.query('rollback');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.read('a', loader('second'))).to.equal('first');
  });

  it('answers but does not keep a value whose read overlapped a write, inside a transaction until its commit', async () => {
    const cache = new TableCache<string>(changes(), ['clients'], 10);
    const overlapping = await cache.read('a', async () => {
      await knex()('clients').where({ id: -1 }).del();
      return 'overlapped';
    });
    expect(overlapping).to.equal('overlapped');
    expect(await cache.read('a', loader('after'))).to.equal('after');

    await knex().transaction(async (trx) => {
      await trx('clients').where({ id: -1 }).update({ name: 'nobody' });
      // Read outside the transaction, from before its commit: kept for now...
      expect(await cache.read('b', loader('before the commit'))).to.equal('before the commit');
      expect(await cache.read('b', loader('unused'))).to.equal('before the commit');
    });
    // ...and dropped by the commit.
    expect(await cache.read('b', loader('after the commit'))).to.equal('after the commit');
  });

  it('drops again at the outer commit what a nested transaction wrote', async () => {
    const cache = new TableCache<string>(changes(), ['workspaces'], 10);
    await knex().transaction(async (trx) => {
      await trx.transaction(async (nested) => {
        await nested('workspaces').where({ id: -1 }).update({ name: 'nobody' });
      });
      expect(await cache.read('a', loader('before the commit'))).to.equal('before the commit');
      expect(await cache.read('a', loader('unused'))).to.equal('before the commit');
    });
    expect(await cache.read('a', loader('after the commit'))).to.equal('after the commit');
  });

  it('reads many ids of one workspace, loading only the missing ones in one call and keeping what it found for that workspace', async () => {
    const cache = new TableCache<string>(changes(), ['users'], 10);
    const calls: number[][] = [];
    const gone = 9;
    const loadMissing = async (missing: number[]) => {
      calls.push(missing);
      return new Map(missing.filter((id) => id !== gone).map((id) => [id, `person ${id}`]));
    };
    expect([...(await cache.readMany(1, [1, gone], loadMissing))]).to.deep.equal([[1, 'person 1']]);
    expect([...(await cache.readMany(1, [1, 2, gone], loadMissing))]).to.deep.equal([
      [1, 'person 1'],
      [2, 'person 2'],
    ]);
    expect([...(await cache.readMany(2, [1], loadMissing))]).to.deep.equal([[1, 'person 1']]);
    expect(calls).to.deep.equal([[1, gone], [2, gone], [1]]);
  });

  it('holds at most its limit, dropping the oldest, and freezes what it keeps', async () => {
    const cache = new TableCache<{ name: string }>(changes(), ['users'], 2);
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => ({ name: key }));
    const kept = await cache.read('c', async () => ({ name: 'reloaded' }));
    expect(kept?.name).to.equal('c');
    expect(Object.isFrozen(kept)).to.equal(true);
    expect((await cache.read('a', async () => ({ name: 'reloaded' })))?.name).to.equal('reloaded');
  });

  it('reads through while it cannot hear changes: before the start, and after losing the connection until it is back', async () => {
    const host = sharedHost().host;
    const deaf = new TableChanges(host.config, knex(), createLogger('silent'));
    const unstarted = new TableCache<string>(deaf, ['users'], 10);
    await unstarted.read('a', loader('first'));
    expect(await unstarted.read('a', loader('second'))).to.equal('second');

    const own = new TableChanges(host.config, knex(), createLogger('silent'));
    await own.start();
    try {
      const cache = new TableCache<string>(own, ['users'], 10);
      await cache.read('a', loader('kept'));
      expect(await cache.read('a', loader('unused'))).to.equal('kept');
      const listeners = await otherProcess.query(
        "select pid from pg_stat_activity where datname = current_database() and query = 'listen core_table_changes'",
      );
      await otherProcess.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [listeners.rows.map((row) => row.pid)]);
      await eventually(() => !own.isLive, 'the lost connection to be noticed');
      expect(await cache.read('a', loader('through'))).to.equal('through');
      expect(await cache.read('a', loader('through again'))).to.equal('through again');
      await eventually(() => own.isLive, 'listening again');
      await cache.read('a', loader('kept again'));
      expect(await cache.read('a', loader('unused'))).to.equal('kept again');
    } finally {
      await own.stop();
    }
  });
});
