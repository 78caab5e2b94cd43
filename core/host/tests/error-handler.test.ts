import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { HttpError } from '../../platform/errors';
import { createLogger } from '../../platform/logger';
import { errorHandler } from '../error-handler';

function appThrowing(error: unknown) {
  const app = express();
  app.use(express.json({ limit: '10b' }));
  app.post('/', () => {
    throw error;
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('the single error handler', () => {
  it('sends an HttpError as { error, details } with its status and headers', async () => {
    const response = await request(appThrowing(new HttpError(429, 'Slow down', { field: ['bad'] }, { 'Retry-After': '7' })))
      .post('/')
      .expect(429);
    expect(response.body).to.deep.equal({ error: 'Slow down', details: { field: ['bad'] } });
    expect(response.headers['retry-after']).to.equal('7');
  });

  it('turns a zod error into 400 with the first message and per-field details', async () => {
    const parsed = z.object({ name: z.string().min(3, 'Too short') }).safeParse({ name: 'x' });
    const response = await request(appThrowing(parsed.error)).post('/').expect(400);
    expect(response.body).to.deep.equal({ error: 'Too short', details: { name: ['Too short'] } });
  });

  it('answers malformed and oversized JSON with 400 and 413', async () => {
    const app = appThrowing(new Error('unreached'));
    expect((await request(app).post('/').set('Content-Type', 'application/json').send('{"a":').expect(400)).body).to.deep.equal({
      error: 'Malformed JSON in request body',
    });
    expect(
      (
        await request(app)
          .post('/')
          .send({ long: 'x'.repeat(50) })
          .expect(413)
      ).body,
    ).to.deep.equal({ error: 'Request body is too large' });
  });

  it('answers a write into a workspace deleted meanwhile with 404, and another vanished reference with 409', async () => {
    const workspaceGone = { name: 'ForeignKeyViolationError', nativeError: { code: '23503', constraint: 'fixture_notes_workspace_id_foreign' } };
    expect((await request(appThrowing(workspaceGone)).post('/').expect(404)).body).to.deep.equal({ error: 'Workspace not found' });
    const otherGone = { code: '23503', constraint: 'task_links_task_id_foreign' };
    expect((await request(appThrowing(otherGone)).post('/').expect(409)).body).to.deep.equal({
      error: 'This refers to a record that no longer exists',
    });
  });

  it('answers an unreachable dependency with 503 and anything else with a bare 500', async () => {
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const down = await request(appThrowing(outage)).post('/').expect(503);
    expect(down.body.error).to.match(/temporarily unavailable/);
    const crash = await request(appThrowing(new Error('secret internals at /srv/app.ts:42')))
      .post('/')
      .expect(500);
    expect(crash.body).to.deep.equal({ error: 'Internal server error' });
  });

  it('answers a value PostgreSQL refuses with 400, never 500, and logs it as a validation bug', async () => {
    /** What PostgreSQL answers storing `value` in a column of `type`. */
    const refusedByPostgres = async (value: string, type: string) => {
      try {
        await sharedHost().host.knex.transaction(async (trx) => {
          await trx.raw(`create temporary table refused (value ${type}) on commit drop`);
          await trx.raw('insert into refused (value) values (?)', [value]);
        });
      } catch (error) {
        return error;
      }
      throw new Error(`PostgreSQL took ${JSON.stringify(value)} as ${type}`);
    };
    const cases: [unknown, string][] = [
      [await refusedByPostgres('nul\u0000', 'text'), 'Invalid characters in input'],
      [await refusedByPostgres('x'.repeat(11), 'varchar(10)'), 'A value in the request is too long'],
      [await refusedByPostgres('not-a-uuid', 'uuid'), 'Invalid input'],
      [{ name: 'DataError', nativeError: { code: '22P05' } }, 'Invalid characters in input'],
    ];
    for (const [error, message] of cases) {
      const lines: string[] = [];
      const logger = createLogger('warn', { write: (line: string) => lines.push(line) });
      const app = express();
      app.post('/', () => {
        throw error;
      });
      app.use(errorHandler(logger));
      expect((await request(app).post('/').expect(400)).body, message).to.deep.equal({ error: message });
      expect(lines.map((line) => JSON.parse(line).msg)).to.deep.equal(['the database refused a value that validation let through']);
    }
  });
});
