import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { APP, createWorkspace, memberWithRole, newAgent, signedInUser, type TestSession } from '../../plugin-api/testing/http';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { startTestHost } from '../../plugin-api/testing/test-host';
import { call, internalIdOf } from '../../workspaces/tests/support';
import { NotificationStreams } from '../notification-streams';
import { NOTIFICATION_MESSAGES } from '../schemas';
import type { BatchNotificationStreamEvent, NotificationStreamEndEvent, NotificationStreamEvent } from '../wire';
import { cookieOf, notificationService, openStream, raiseFor, SseStream, userIdOf } from './support';

const streamsOf = () => sharedHost().host.container.get(NotificationStreams);

/** Resolves once the shared host has the stream registered, so an event raised now cannot miss it. */
async function started(stream: SseStream): Promise<NotificationStreamEvent & { id: number }> {
  expect(stream.response.status).to.equal(200);
  const { id, data } = await stream.nextEvent<NotificationStreamEvent>('notifications');
  return { ...data, id: Number(id) };
}

describe('notification streams', function () {
  this.timeout(30_000);
  let owner: TestSession;
  let member: TestSession;
  let workspaceId: string;
  const open: SseStream[] = [];

  const track = (stream: SseStream) => {
    open.push(stream);
    return stream;
  };

  before(async () => {
    owner = await signedInUser('stream-owner');
    workspaceId = (await createWorkspace(owner)).externalId;
    member = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
  });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((stream) => stream.close()));
  });

  it('answers a signed-out visitor 401, a non-member 404 and a bad query 400, before any stream starts', async () => {
    const visitor = await SseStream.open(`${sharedHost().baseUrl}/axal/api/v1/notifications/stream?workspaceId=${workspaceId}`);
    expect(visitor.response.status).to.equal(401);
    const outsider = await signedInUser('stream-outsider');
    const notMember = await openStream(outsider, { workspaceId });
    expect(notMember.response.status).to.equal(404);
    expect(notMember.refusal).to.deep.equal({ error: 'Workspace not found' });
    const badMode = await openStream(member, { workspaceId, mode: 'everything' });
    expect(badMode.response.status).to.equal(400);
    expect((badMode.refusal as { error: string }).error).to.equal(NOTIFICATION_MESSAGES.mode);
    const badId = await openStream(member, { workspaceId }, { headers: { 'last-event-id': 'abc' } });
    expect(badId.response.status).to.equal(400);
    expect((badId.refusal as { error: string }).error).to.equal(NOTIFICATION_MESSAGES.lastEventId);
  });

  it('streams uncompressed and unbuffered: a retry hint, then the unread count, then each new notification as it is raised', async () => {
    await raiseFor(member, workspaceId, { title: 'Before the stream' });
    const stream = track(await openStream(member, { workspaceId }, { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    expect(stream.response.headers.get('content-type')).to.equal('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).to.equal('no-cache, no-transform');
    expect(stream.response.headers.get('x-accel-buffering')).to.equal('no');
    expect(stream.response.headers.get('content-encoding')).to.equal(null);
    expect(await stream.next()).to.deep.equal({ retry: 5000 });
    const first = await started(stream);
    expect(first.notifications).to.deep.equal([]);
    expect(first.unreadCount).to.be.greaterThan(0);

    const raised = await raiseFor(member, workspaceId, { title: 'Live one', priority: 'urgent', actionUrl: '/axal/somewhere' });
    const { id, data } = await stream.nextEvent<NotificationStreamEvent>('notifications');
    expect(data).to.deep.equal({ notifications: [raised], unreadCount: first.unreadCount + 1 });
    expect(Number(id)).to.be.greaterThan(first.id);
    // The event id is a sequence, never the notification's own (opaque) id.
    expect(id).to.not.equal(raised.id);
  });

  it('tells the stream of a read, with the new unread count, without an event id', async () => {
    const stream = track(await openStream(member, { workspaceId }));
    const { unreadCount } = await started(stream);
    const raised = await raiseFor(member, workspaceId);
    await stream.nextEvent('notifications');
    await call(member, 'post', `/notifications/${raised.id}/read`).query({ workspaceId }).expect(200);
    const read = await stream.next((frame) => frame.event === 'notifications');
    expect(read.id).to.equal(undefined);
    expect(JSON.parse(read.data!)).to.deep.equal({ notifications: [{ ...raised, status: 'read' }], unreadCount });
    await call(member, 'post', '/notifications/read-all', { workspaceId }).expect(200);
    expect((await stream.nextEvent<NotificationStreamEvent>('notifications')).data).to.deep.equal({ notifications: [], unreadCount: 0 });
  });

  it('carries only the member’s own notifications of the stream’s workspace', async () => {
    const stream = track(await openStream(member, { workspaceId }));
    await started(stream);
    await raiseFor(owner, workspaceId, { title: 'For the owner' });
    const elsewhere = (await createWorkspace(member)).externalId;
    await raiseFor(member, elsewhere, { title: 'Other workspace' });
    const mine = await raiseFor(member, workspaceId, { title: 'Mine' });
    const { data } = await stream.nextEvent<NotificationStreamEvent>('notifications');
    expect(data.notifications.map((notification) => notification.id)).to.deep.equal([mine.id]);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, each once, then goes on live', async () => {
    const first = track(await openStream(member, { workspaceId }));
    const { id: seen } = await started(first);
    await first.close();
    const missed = [
      await raiseFor(member, workspaceId, { title: 'Missed 1' }),
      await raiseFor(member, workspaceId, { title: 'Missed 2' }),
      await raiseFor(member, workspaceId, { title: 'Missed 3' }),
    ];

    const again = track(await openStream(member, { workspaceId }, { headers: { 'last-event-id': String(seen) } }));
    const replayed = [];
    for (let index = 0; index < 3; index++) replayed.push(await again.nextEvent<NotificationStreamEvent>('notifications'));
    expect(replayed.map((event) => event.data.notifications.map((notification) => notification.title))).to.deep.equal([
      ['Missed 1'],
      ['Missed 2'],
      ['Missed 3'],
    ]);
    const ids = replayed.map((event) => Number(event.id));
    expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).to.equal(3);
    expect(replayed[2].data.unreadCount).to.be.greaterThan(2);
    const live = await raiseFor(member, workspaceId, { title: 'Live after replay' });
    const next = await again.nextEvent<NotificationStreamEvent>('notifications');
    expect(next.data.notifications).to.deep.equal([live]);
    expect(Number(next.id)).to.be.greaterThan(ids[2]);

    // Reconnecting with the latest id replays nothing twice; the query parameter serves a new EventSource.
    await again.close();
    const caughtUp = track(await openStream(member, { workspaceId, lastEventId: next.id! }));
    const quiet = await caughtUp.nextEvent<NotificationStreamEvent>('notifications');
    expect(quiet).to.deep.equal({ id: next.id, data: { notifications: [], unreadCount: quiet.data.unreadCount } });
    expect(missed).to.have.length(3);
  });

  it('prefers the Last-Event-ID header of a browser’s own reconnect to the id in the address it first opened', async () => {
    const stream = track(await openStream(member, { workspaceId }));
    const { id } = await started(stream);
    await stream.close();
    const after = await raiseFor(member, workspaceId, { title: 'After the header id' });
    const reconnect = track(await openStream(member, { workspaceId, lastEventId: '0' }, { headers: { 'last-event-id': String(id) } }));
    expect((await reconnect.nextEvent<NotificationStreamEvent>('notifications')).data.notifications).to.deep.equal([after]);
  });

  it('streams batch work on the batch stream, with the entity-type and sync-mode filters', async () => {
    const batch = track(await openStream(member, { workspaceId, entityType: 'NOTICE' }, { path: '/notifications/batch/stream' }));
    expect(batch.response.status).to.equal(200);
    expect((await batch.nextEvent<BatchNotificationStreamEvent>('batch-notifications')).data).to.deep.equal({ notifications: [] });
    const syncOnly = track(await openStream(member, { workspaceId, mode: 'sync' }));
    await started(syncOnly);

    await raiseFor(member, workspaceId, { title: 'Not batch work' });
    await raiseFor(member, workspaceId, { eventType: 'SYNC_COMPLETED', title: 'Import done', metadata: { syncType: 'CREDENTIAL_IMPORT' } });
    const notices = await raiseFor(member, workspaceId, {
      eventType: 'SYNC_COMPLETED',
      title: 'Notices synced',
      metadata: { syncType: 'GST', entityType: 'NOTICE' },
    });

    const { id, data } = await batch.nextEvent<BatchNotificationStreamEvent>('batch-notifications');
    expect(data).to.deep.equal({ notifications: [notices] });
    expect(Number(id)).to.be.greaterThan(0);

    const countOnly = await syncOnly.next((frame) => frame.event === 'notifications');
    expect(countOnly.id).to.equal(undefined);
    expect(JSON.parse(countOnly.data!).notifications).to.deep.equal([]);
    const syncEvents = [
      await syncOnly.nextEvent<NotificationStreamEvent>('notifications'),
      await syncOnly.nextEvent<NotificationStreamEvent>('notifications'),
    ];
    expect(syncEvents.map((event) => event.data.notifications.map((n) => n.title))).to.deep.equal([['Import done'], ['Notices synced']]);
  });

  it('follows a job’s progress: started, the same notification moving on, then the outcome with the stages before it made obsolete', async () => {
    const stream = track(await openStream(member, { workspaceId }));
    await started(stream);
    const job = notificationService().forJob({
      workspaceId: await internalIdOf(workspaceId),
      audience: { userId: await userIdOf(member) },
      jobKey: `stream-test:${randomUUID()}`,
      syncType: 'GST',
      minProgressIntervalMs: 0,
    });
    const [start] = await job.started({ title: 'Sync started', message: 'Starting' });
    const [progress] = await job.progress({ completed: 1, total: 2 }, { title: 'Syncing', message: '1 of 2' });
    await job.progress({ completed: 2, total: 2 }, { title: 'Syncing', message: '2 of 2' });
    const [done] = await job.failed({
      title: 'Sync failed',
      message: 'Both failed',
      failedClients: [{ clientName: 'Iyer & Co', error: 'Invalid credentials' }],
    });

    const events = [];
    for (let index = 0; index < 4; index++) events.push((await stream.nextEvent<NotificationStreamEvent>('notifications')).data.notifications);
    expect(events.map((notifications) => notifications.map((n) => [n.id, n.eventType, n.message, n.metadata.obsolete ?? false]))).to.deep.equal([
      [[start.id, 'SYNC_STARTED', 'Starting', false]],
      [
        [progress.id, 'SYNC_IN_PROGRESS', '1 of 2', false],
        [start.id, 'SYNC_STARTED', 'Starting', true],
      ],
      [[progress.id, 'SYNC_IN_PROGRESS', '2 of 2', false]],
      [
        [done.id, 'SYNC_FAILED', 'Both failed', false],
        [progress.id, 'SYNC_IN_PROGRESS', '2 of 2', true],
      ],
    ]);
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const settings = streamsOf().settings;
    const standard = settings.heartbeatMs;
    settings.heartbeatMs = 100;
    try {
      const stream = track(await openStream(member, { workspaceId }));
      await started(stream);
      // Three in a row, each well before the standard interval could bring one: the setting is what paces them.
      for (let beat = 0; beat < 3; beat++) await stream.next((frame) => frame.comment === 'heartbeat', 5000);
    } finally {
      settings.heartbeatMs = standard;
    }
    expect(standard).to.equal(15_000);
  });

  it('ends the streams of a session that signs out, and only those', async () => {
    const user = await signedInUser('signing-out');
    const otherSession = await signedInUserAgain(user);
    const workspace = (await createWorkspace(user)).externalId;
    const leaving = track(await openStream(user, { workspaceId: workspace }));
    const staying = track(await openStream(otherSession, { workspaceId: workspace }));
    await Promise.all([started(leaving), started(staying)]);

    await user.agent.post(`${APP}/auth/logout`).set('X-CSRF-Token', user.csrf).expect(204);
    expect((await leaving.nextEvent<NotificationStreamEndEvent>('end')).data).to.deep.equal({ reason: 'logout' });
    await leaving.ended;
    expect(staying.isEnded).to.equal(false);
    const raised = await raiseFor(otherSession, workspace);
    expect((await staying.nextEvent<NotificationStreamEvent>('notifications')).data.notifications).to.deep.equal([raised]);
    const refused = await SseStream.open(`${sharedHost().baseUrl}/axal/api/v1/notifications/stream?workspaceId=${workspace}`, {
      cookie: cookieOf(user),
    });
    expect(refused.response.status).to.equal(401);
  });

  it('ends a member’s streams of the workspace when they are removed from it', async () => {
    const removed = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const elsewhere = (await createWorkspace(removed)).externalId;
    const stream = track(await openStream(removed, { workspaceId }));
    const ownWorkspace = track(await openStream(removed, { workspaceId: elsewhere }));
    await Promise.all([started(stream), started(ownWorkspace)]);
    await call(owner, 'delete', `/workspaces/${workspaceId}/members/${removed.user.externalId}`).expect(204);
    expect((await stream.nextEvent<NotificationStreamEndEvent>('end')).data).to.deep.equal({ reason: 'membership-removed' });
    await stream.ended;
    expect(ownWorkspace.isEnded).to.equal(false);
    expect((await openStream(removed, { workspaceId })).response.status).to.equal(404);
  });

  it('ends every stream of a workspace that is deleted', async () => {
    const firmOwner = await signedInUser('deleting');
    const workspace = await createWorkspace(firmOwner, `Closing ${randomUUID().slice(0, 6)}`);
    const employee = await memberWithRole(firmOwner, workspace.externalId, 'EMPLOYEE');
    const streams = [
      track(await openStream(firmOwner, { workspaceId: workspace.externalId })),
      track(await openStream(employee, { workspaceId: workspace.externalId })),
    ];
    await Promise.all(streams.map(started));
    await call(firmOwner, 'delete', `/workspaces/${workspace.externalId}`, { confirmation: workspace.name }).expect(200);
    for (const stream of streams) {
      expect((await stream.nextEvent<NotificationStreamEndEvent>('end')).data).to.deep.equal({ reason: 'workspace-deleted' });
      await stream.ended;
    }
  });

  it('forgets a stream the client closes', async () => {
    const before = streamsOf().size;
    const stream = await openStream(member, { workspaceId });
    await started(stream);
    expect(streamsOf().size).to.equal(before + 1);
    await stream.close();
    for (let attempt = 0; attempt < 50 && streamsOf().size !== before; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(streamsOf().size).to.equal(before);
  });

  it('ends open streams when the host stops, so a shutdown does not wait for them', async () => {
    const running = await startTestHost();
    const stream = await openStream(member, { workspaceId }, { baseUrl: running.baseUrl });
    await started(stream);
    const stopping = Date.now();
    await running.stop();
    expect(Date.now() - stopping).to.be.below(5000);
    expect((await stream.nextEvent<NotificationStreamEndEvent>('end')).data).to.deep.equal({ reason: 'shutdown' });
    await stream.ended;
  });
});

/** A second signed-in session of the same user (another browser). */
async function signedInUserAgain(user: TestSession): Promise<TestSession> {
  const { agent, csrf } = await newAgent();
  const login = await agent.post(`${APP}/auth/login`).set('X-CSRF-Token', csrf).send({ email: user.user.email, password: user.password }).expect(200);
  return { agent, csrf: login.body.csrfToken, user: login.body.user, password: user.password };
}
