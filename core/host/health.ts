import express, { type Router } from 'express';
import type { Knex } from 'knex';
import type { RedisClient } from '../platform/redis';

const CHECK_TIMEOUT_MS = 1500;

async function withinTimeout(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `/healthz`: the process answers. `/readyz`: it can reach PostgreSQL and Redis, each checked within 1.5 s. */
export function healthRoutes(knex: Knex, redis: RedisClient): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [postgres, redisReachable] = await Promise.all([
      withinTimeout(() => knex.raw('select 1')),
      withinTimeout(() => redis.ping()),
    ]);
    const ready = postgres && redisReachable;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'unavailable',
      checks: { postgres: postgres ? 'ok' : 'unreachable', redis: redisReachable ? 'ok' : 'unreachable' },
    });
  });
  return router;
}
