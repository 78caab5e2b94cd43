import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { inject, injectable } from 'inversify';
import type { Config } from './config';
import type { Logger } from './logger';
import type { RedisClient } from './redis';
import { TOKENS } from './tokens';

export const WORKER_HEARTBEAT_INTERVAL_MS = 5_000;
/** A worker not heard from for this long counts as gone: its heartbeat key expires. */
export const WORKER_ABSENCE_MS = 30_000;

export interface WorkerPresence {
  /** Worker processes heard from within WORKER_ABSENCE_MS. */
  alive: number;
  /** Since the latest heartbeat of any of them; null when none is alive. */
  lastSeenMsAgo: number | null;
}

/**
 * Drops the ids whose heartbeat has expired and answers the remaining lifetime of the others' keys, in one atomic
 * step, so a worker that beats while the list is being read is never dropped.
 */
const PRESENCE_SCRIPT = `
local remaining = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local ttl = redis.call('PTTL', ARGV[1] .. id)
  if ttl < 0 then redis.call('SREM', KEYS[1], id) else remaining[#remaining + 1] = ttl end
end
return remaining
`;

/**
 * Liveness of the worker role, kept in Redis so that any process can tell whether queued jobs will run: each worker
 * process keeps a key that expires WORKER_ABSENCE_MS after its latest beat, listed in one set so that reading
 * presence never scans the keyspace. Redis's own clock times the keys, so the processes' clocks never matter.
 */
@injectable()
export class WorkerHeartbeat {
  private readonly workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;

  constructor(
    @inject(TOKENS.Redis) private readonly redis: RedisClient,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  private get registryKey(): string {
    return `${this.config.redisKeyPrefix}workers`;
  }

  private get workerKeyPrefix(): string {
    return `${this.config.redisKeyPrefix}workers:`;
  }

  /** Beats at once, so the worker counts as alive as soon as it has started, then every WORKER_HEARTBEAT_INTERVAL_MS. */
  async start(): Promise<void> {
    if (this.timer) return;
    await this.beat();
    this.timer = setInterval(() => void this.beatLoggingFailures(), WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /** A worker that stops in good order leaves at once instead of counting as alive until its key expires. */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    await this.redis
      .multi()
      .del(this.workerKeyPrefix + this.workerId)
      .sRem(this.registryKey, this.workerId)
      .exec()
      .catch(() => undefined);
  }

  async presence(): Promise<WorkerPresence> {
    const remaining = (await this.redis.eval(PRESENCE_SCRIPT, { keys: [this.registryKey], arguments: [this.workerKeyPrefix] })) as number[];
    if (!remaining.length) return { alive: 0, lastSeenMsAgo: null };
    return { alive: remaining.length, lastSeenMsAgo: WORKER_ABSENCE_MS - Math.max(...remaining) };
  }

  async anyAlive(): Promise<boolean> {
    return (await this.presence()).alive > 0;
  }

  private async beat(): Promise<void> {
    await this.redis
      .multi()
      .set(this.workerKeyPrefix + this.workerId, new Date().toISOString(), { expiration: { type: 'PX', value: WORKER_ABSENCE_MS } })
      .sAdd(this.registryKey, this.workerId)
      .exec();
  }

  /** A Redis outage is logged once when it starts and once when it ends, not on every beat. */
  private async beatLoggingFailures(): Promise<void> {
    try {
      await this.beat();
      if (this.failing) this.logger.info({ workerId: this.workerId }, 'worker heartbeat restored');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn({ workerId: this.workerId, err: (error as Error).message }, 'worker heartbeat could not be written');
      this.failing = true;
    }
  }
}
