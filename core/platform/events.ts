import { inject, injectable } from 'inversify';
import type { Config } from './config';
import type { Logger } from './logger';
import { closeRedis, type RedisClient } from './redis';
import { TOKENS } from './tokens';

export type EventHandler<T = unknown> = (payload: T) => void;

/**
 * Cross-process event bus on Redis pub/sub: an event published by any web or worker process
 * reaches the subscribers of every process, which is what lets web processes scale out.
 */
@injectable()
export class EventBus {
  private subscriber: Promise<RedisClient> | null = null;
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(
    @inject(TOKENS.Redis) private readonly redis: RedisClient,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  private channel(topic: string): string {
    return `${this.config.redisKeyPrefix}events:${topic}`;
  }

  async publish<T>(topic: string, payload: T): Promise<void> {
    await this.redis.publish(this.channel(topic), JSON.stringify(payload));
  }

  /** Resolves once Redis confirmed the subscription; the returned function unsubscribes this handler. */
  async subscribe<T>(topic: string, handler: EventHandler<T>): Promise<() => Promise<void>> {
    const subscriber = await this.ensureSubscriber();
    let topicHandlers = this.handlers.get(topic);
    if (!topicHandlers) {
      topicHandlers = new Set();
      this.handlers.set(topic, topicHandlers);
      const registered = topicHandlers;
      await subscriber.subscribe(this.channel(topic), (message) => {
        const payload = JSON.parse(message) as T;
        for (const each of registered) {
          try {
            (each as EventHandler<T>)(payload);
          } catch (error) {
            this.logger.error({ err: error, topic }, 'event handler failed');
          }
        }
      });
    }
    topicHandlers.add(handler as EventHandler);
    return async () => {
      topicHandlers.delete(handler as EventHandler);
      if (topicHandlers.size === 0 && this.handlers.get(topic) === topicHandlers) {
        this.handlers.delete(topic);
        await subscriber.unsubscribe(this.channel(topic)).catch(() => undefined);
      }
    };
  }

  private ensureSubscriber(): Promise<RedisClient> {
    this.subscriber ??= (async () => {
      const subscriber = this.redis.duplicate();
      subscriber.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'event bus connection error'));
      await subscriber.connect();
      return subscriber;
    })();
    return this.subscriber;
  }

  async close(): Promise<void> {
    this.handlers.clear();
    const subscriber = await this.subscriber?.catch(() => null);
    this.subscriber = null;
    if (subscriber) await closeRedis(subscriber);
  }
}
