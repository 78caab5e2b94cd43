import express, { type Router } from 'express';
import type { Knex } from 'knex';
import type { RedisClient } from '../platform/redis';
import { WORKER_ABSENCE_MS, type WorkerHeartbeat, type WorkerPresence } from '../platform/worker-heartbeat';

const CHECK_TIMEOUT_MS = 1500;

export const NO_WORKER_REASON = `No worker has been seen for ${WORKER_ABSENCE_MS / 1000} s: background jobs wait until one runs`;

/** The check's answer, or undefined when it failed or took longer than CHECK_TIMEOUT_MS. */
async function withinTimeout<T>(check: () => Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const workerCheck = (presence: WorkerPresence | undefined) => (presence === undefined ? 'unknown' : presence.alive ? 'ok' : 'none');

/**
 * `/healthz`: the process answers. `/readyz`: 503 unless it can reach PostgreSQL and Redis, each checked within 1.5 s;
 * 200 `degraded` with the reason when no worker has been seen for 30 s, since the process can still serve requests
 * and only background jobs wait.
 */
export function healthRoutes(knex: Knex, redis: RedisClient, workers: WorkerHeartbeat): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [postgres, redisReachable, presence] = await Promise.all([
      withinTimeout(() => knex.raw('select 1')).then((answer) => answer !== undefined),
      withinTimeout(() => redis.ping()).then((answer) => answer !== undefined),
      withinTimeout(() => workers.presence()),
    ]);
    const checks = { postgres: postgres ? 'ok' : 'unreachable', redis: redisReachable ? 'ok' : 'unreachable', workers: workerCheck(presence) };
    if (!postgres || !redisReachable) {
      res.status(503).json({ status: 'unavailable', checks });
    } else if (!presence?.alive) {
      res.json({ status: 'degraded', reason: presence ? NO_WORKER_REASON : 'Worker heartbeats could not be read', checks });
    } else {
      res.json({ status: 'ready', checks });
    }
  });
  return router;
}
