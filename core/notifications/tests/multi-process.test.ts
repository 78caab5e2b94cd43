import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { uniqueClientEmail, uniquePanOfHolder } from '../../clients/tests/support';
import { APP, STRONG_PASSWORD, TestClient } from '../../plugin-api/testing/http';
import { freePort, spawnApp, spawnedAppEnv, type SpawnedApp } from '../../plugin-api/testing/spawned-app';
import { dropDatabase } from '../../plugin-api/testing/test-host';
import { TEST_RUN_ID } from '../../plugin-api/testing/test-config';
import type { NotificationDto, NotificationStreamEvent } from '../wire';
import { SseStream } from './support';

const appEnv = (database: string, port: number) => ({ ...spawnedAppEnv(database, port, 'notifications-processes'), SEED_DEMO: 'false' });

const API = `${APP}/api/v1`;

interface Received {
  id: number;
  notifications: NotificationDto[];
}

/** Every `notifications` event of a stream from now until one carries a notification of `eventType`. */
async function eventsUntil(stream: SseStream, eventType: string, timeoutMs = 30_000): Promise<Received[]> {
  const received: Received[] = [];
  for (;;) {
    const { id, data } = await stream.nextEvent<NotificationStreamEvent>('notifications', timeoutMs);
    if (id === undefined) continue;
    received.push({ id: Number(id), notifications: data.notifications });
    if (data.notifications.some((notification) => notification.eventType === eventType)) return received;
  }
}

/** The latest state of each notification the events carried. */
function latestStates(events: Received[]): Map<string, NotificationDto> {
  const states = new Map<string, NotificationDto>();
  for (const event of events) for (const notification of event.notifications) states.set(notification.id, notification);
  return states;
}

describe('notifications across processes', function () {
  this.timeout(180_000);
  const database = `practice_notify_${TEST_RUN_ID}`;
  const running: SpawnedApp[] = [];
  const streams: SseStream[] = [];
  let web: string[];

  before(async () => {
    await dropDatabase(database);
    const ports = [await freePort(), await freePort()];
    // One after the other: each runs the migrations on start, and knex lets only one run hold its lock.
    for (const port of ports) {
      const app = spawnApp(['--role=web'], appEnv(database, port));
      running.push(app);
      await app.waitFor(/"msg":"listening"/);
    }
    const worker = spawnApp(['--role=worker'], appEnv(database, await freePort()));
    running.push(worker);
    await worker.waitFor(/"msg":"worker started"/);
    web = ports.map((port) => `http://127.0.0.1:${port}`);
  });

  after(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
    // SIGTERM, which tsx passes on to the server it runs; a SIGKILL would stop only tsx and leave the server running.
    await Promise.all(running.map((app) => app.stop()));
    await dropDatabase(database);
  });

  it('brings what the worker raises to streams on both web processes, and replays each missed event once after a reconnect', async () => {
    // Signed up and in on the first web process; the session lives in Redis, so the second knows it too.
    const { agent, csrf } = await new TestClient(web[0]).signedInUser('processes', { name: 'Ravi Kulkarni' });
    // A credential import needs a verified identity.
    await agent.post(`${API}/me/step-up`).set('X-CSRF-Token', csrf).send({ password: STRONG_PASSWORD }).expect(200);
    const workspaceId = (await agent.post(`${API}/workspaces`).set('X-CSRF-Token', csrf).send({ name: 'Kulkarni Associates' }).expect(201)).body
      .externalId as string;
    const cookie = (agent as unknown as { jar: { getCookies(access: object): { name: string; value: string }[] } }).jar
      .getCookies({ domain: '127.0.0.1', path: '/axal/', secure: false, script: false })
      .map((entry) => `${entry.name}=${entry.value}`)
      .join('; ');

    const openOn = async (baseUrl: string, headers: Record<string, string> = {}) => {
      const stream = await SseStream.open(`${baseUrl}${API}/notifications/stream?workspaceId=${workspaceId}`, { cookie, ...headers });
      streams.push(stream);
      expect(stream.response.status).to.equal(200);
      const { id } = await stream.nextEvent<NotificationStreamEvent>('notifications');
      return { stream, startId: Number(id) };
    };
    const importCredentials = async (count: number) => {
      const rows = Array.from({ length: count }, (_, index) => ({
        email: uniqueClientEmail(),
        platform: index % 2 ? 'GST' : 'INCOME_TAX',
        username: `portal_${randomUUID().slice(0, 8)}`,
        password: 'Portal#Secret1',
        name: `Imported Client ${index}`,
        phone: '9876543210',
        panNumber: uniquePanOfHolder('P'),
      }));
      await agent.post(`${API}/clients/credentials/import`).set('X-CSRF-Token', csrf).send({ workspaceId, rows }).expect(202);
    };

    const first = await openOn(web[0]);
    const second = await openOn(web[1]);

    // 250 rows: started, progress after the first 200, completed; raised by the worker process.
    await importCredentials(250);
    const [onFirst, onSecond] = await Promise.all([eventsUntil(first.stream, 'SYNC_COMPLETED'), eventsUntil(second.stream, 'SYNC_COMPLETED')]);
    expect(onSecond).to.deep.equal(onFirst);
    const stages = onFirst.flatMap((event) =>
      event.notifications.map((notification) => [notification.eventType, notification.metadata.obsolete ?? false]),
    );
    expect(stages).to.deep.equal([
      ['SYNC_STARTED', false],
      ['SYNC_IN_PROGRESS', false],
      ['SYNC_STARTED', true],
      ['SYNC_COMPLETED', false],
      ['SYNC_IN_PROGRESS', true],
    ]);
    expect(onFirst[1].notifications[0].metadata.progress).to.deep.equal({
      completed: 200,
      total: 250,
      step: 'Importing credentials',
      details: '200 of 250 rows',
    });

    // The second client drops out; while it is away a second import runs.
    const lastSeen = onSecond[onSecond.length - 1].id;
    await second.stream.close();
    await importCredentials(250);
    const missed = await eventsUntil(first.stream, 'SYNC_COMPLETED');

    // It comes back on the other web process with the id it last saw: every change it missed, once.
    const back = await SseStream.open(`${web[0]}${API}/notifications/stream?workspaceId=${workspaceId}`, {
      cookie,
      'last-event-id': String(lastSeen),
    });
    streams.push(back);
    const replayed: Received[] = [];
    const expected = latestStates(missed);
    while (replayed.length < expected.size) {
      const { id, data } = await back.nextEvent<NotificationStreamEvent>('notifications');
      replayed.push({ id: Number(id), notifications: data.notifications });
    }
    const replayedIds = replayed.flatMap((event) => event.notifications.map((notification) => notification.id));
    expect(new Set(replayedIds).size, 'no notification twice').to.equal(replayedIds.length);
    expect(latestStates(replayed)).to.deep.equal(expected);
    expect(replayed.every((event) => event.id > lastSeen)).to.equal(true);
    expect(Math.max(...replayed.map((event) => event.id))).to.equal(missed[missed.length - 1].id);

    // Then it is live again, and nothing of the replay comes a second time.
    await importCredentials(1);
    const live = await eventsUntil(back, 'SYNC_COMPLETED');
    const liveIds = live.flatMap((event) => event.notifications.map((notification) => notification.id));
    expect(liveIds.filter((id) => replayedIds.includes(id))).to.deep.equal([]);
    expect(live.flatMap((event) => event.notifications.map((notification) => notification.eventType))).to.deep.equal([
      'SYNC_STARTED',
      'SYNC_COMPLETED',
      'SYNC_STARTED',
    ]);
    await delay(200);
    expect(back.frames.filter((frame) => frame.event === 'notifications').length).to.equal(replayed.length + live.length);
  });
});
