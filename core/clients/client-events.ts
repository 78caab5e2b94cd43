import type { Knex } from 'knex';
import type { EventBus } from '../platform/events';
import type { Logger } from '../platform/logger';

/** Topics on the event bus (`TOKENS.Events`) announcing a change of a client, once its transaction has committed. */
export const CLIENT_EVENTS = {
  created: 'client.created',
  updated: 'client.updated',
  deleted: 'client.deleted',
} as const;

export type ClientEventTopic = (typeof CLIENT_EVENTS)[keyof typeof CLIENT_EVENTS];

export interface ClientEvent {
  workspaceId: number;
  /** The client's serial id, as plugins keep it in their foreign keys. */
  clientId: number;
  externalId: string;
}

/** A bulk import announces its clients in slices, so thousands of publishes never wait on one another. */
const PUBLISH_SLICE = 200;

/**
 * Publishes client events without failing the change they describe: the rows are committed by now, so a Redis
 * outage is logged rather than answered as an error.
 */
export async function publishClientEvents(events: EventBus, logger: Logger, topic: ClientEventTopic, payloads: ClientEvent[]): Promise<void> {
  try {
    for (let start = 0; start < payloads.length; start += PUBLISH_SLICE) {
      await Promise.all(payloads.slice(start, start + PUBLISH_SLICE).map((payload) => events.publish(topic, payload)));
    }
  } catch (error) {
    logger.warn({ err: (error as Error).message, topic, count: payloads.length }, 'client events could not be published');
  }
}

/**
 * Runs `publish` once `trx` and every transaction around it have committed; never when any of them rolls back
 * (a savepoint undone for one row of an import, or the whole step).
 */
export function afterCommit(trx: Knex.Transaction, publish: () => Promise<void>): void {
  const enclosing: Promise<unknown>[] = [];
  for (let current: Knex.Transaction | undefined = trx; current; current = current.parentTransaction) enclosing.push(current.executionPromise);
  Promise.all(enclosing).then(publish, () => undefined);
}
