import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  createWorkspace,
  memberWithRole,
  newAgent,
  signedInUser,
  TestClient,
  uniqueEmail,
  workspaceWithEveryRole,
  type TestSession,
} from '../../plugin-api/testing/http';
import { latestMailTo, tokenIn } from '../../plugin-api/testing/mailbox';
import type { Role } from '../../platform/identity';
import { call, db, internalIdOf, WORKSPACE_NOT_FOUND } from '../../workspaces/tests/support';
import { uniqueClientEmail, uniquePanOfHolder } from '../../clients/tests/support';
import { PluginLoadError } from '../../plugins/plugin-discovery';
import type { PluginRegistry } from '../../plugins/plugin-registry';
import { TOKENS } from '../../platform/tokens';
import { sharedHost } from '../../plugin-api/testing/root-hooks';
import { stepUp } from '../../plugin-api/testing/step-up';
import { NotificationService } from '../notification-service';
import { NOTIFICATION_MESSAGES } from '../schemas';
import type { NotificationDto, NotificationListResponse } from '../wire';
import { notificationService, raiseFor, userIdOf } from './support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOT_FOUND = { error: 'Notification not found' };

async function list(session: TestSession, workspaceId: string, query: Record<string, unknown> = {}): Promise<NotificationListResponse> {
  const { body } = await call(session, 'get', '/notifications')
    .query({ workspaceId, ...query })
    .expect(200);
  return body;
}

const markRead = (session: TestSession, workspaceId: string, id: string) => call(session, 'post', `/notifications/${id}/read`).query({ workspaceId });
const markAllRead = (session: TestSession, workspaceId: string) => call(session, 'post', '/notifications/read-all', { workspaceId });

describe('notifications API', () => {
  let sessions: Record<Role, TestSession>;
  let owner: TestSession;
  let employee: TestSession;
  let workspaceId: string;

  before(async () => {
    const setup = await workspaceWithEveryRole();
    sessions = setup.sessions;
    owner = sessions.OWNER;
    employee = sessions.EMPLOYEE;
    workspaceId = setup.workspace.externalId;
  });

  describe('GET notifications', () => {
    let member: TestSession;
    let raised: NotificationDto[];

    before(async () => {
      member = sessions.CLIENT;
      raised = [];
      for (let index = 0; index < 25; index++) raised.push(await raiseFor(member, workspaceId, { title: `Reminder ${index}` }));
      raised.reverse();
    });

    it('answers a page, newest first, with the total and the unread count', async () => {
      const first = await list(member, workspaceId, { limit: 20, offset: 0 });
      expect(first.count).to.equal(25);
      expect(first.unreadCount).to.equal(25);
      expect(first.notifications.map((notification) => notification.id)).to.deep.equal(raised.slice(0, 20).map((notification) => notification.id));
      const second = await list(member, workspaceId, { limit: 20, offset: 20 });
      expect(second.notifications.map((notification) => notification.id)).to.deep.equal(raised.slice(20).map((notification) => notification.id));
      expect(second.count).to.equal(25);
      expect((await list(member, workspaceId, { limit: 20, offset: 40 })).notifications).to.deep.equal([]);
    });

    it('pages by 20 when no limit is given and shows each notification as the spec names its fields', async () => {
      const page = await list(member, workspaceId);
      expect(page.notifications).to.have.length(20);
      const [newest] = page.notifications;
      expect(newest).to.have.keys('id', 'eventType', 'title', 'message', 'priority', 'status', 'actionUrl', 'metadata', 'createdAt');
      expect(newest.id).to.match(UUID);
      expect(newest).to.include({
        eventType: 'SYSTEM_INFO',
        title: 'Reminder 24',
        message: 'GSTR-3B is due on the 20th.',
        priority: 'medium',
        status: 'unread',
        actionUrl: null,
      });
      expect(new Date(newest.createdAt).toISOString()).to.equal(newest.createdAt);
    });

    it('filters by status; count follows the filter while unreadCount stays the workspace’s', async () => {
      for (const notification of raised.slice(0, 3)) await markRead(member, workspaceId, notification.id).expect(200);
      const read = await list(member, workspaceId, { status: 'read' });
      expect(read.notifications.map((notification) => notification.id)).to.deep.equal(raised.slice(0, 3).map((notification) => notification.id));
      expect(read).to.include({ count: 3, unreadCount: 22 });
      const unread = await list(member, workspaceId, { status: 'unread', limit: 100 });
      expect(unread).to.include({ count: 22, unreadCount: 22 });
      expect(unread.notifications.every((notification) => notification.status === 'unread')).to.equal(true);
      expect(await list(member, workspaceId, { status: 'READ' })).to.include({ count: 3 });
      expect(await list(member, workspaceId)).to.include({ count: 25, unreadCount: 22 });
    });

    it('shows each member only their own notifications', async () => {
      expect(await list(employee, workspaceId)).to.deep.equal({ notifications: [], count: 0, unreadCount: 0 });
    });

    it('rejects bad queries with 400 and a clear message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ limit: 0 }, NOTIFICATION_MESSAGES.limit],
        [{ limit: 101 }, NOTIFICATION_MESSAGES.limit],
        [{ limit: 'ten' }, NOTIFICATION_MESSAGES.limit],
        [{ limit: 2.5 }, NOTIFICATION_MESSAGES.limit],
        [{ offset: -1 }, NOTIFICATION_MESSAGES.offset],
        [{ offset: 'x' }, NOTIFICATION_MESSAGES.offset],
        [{ status: 'archived' }, NOTIFICATION_MESSAGES.status],
      ];
      for (const [query, message] of cases) {
        const { status, body } = await call(member, 'get', '/notifications').query({ workspaceId, ...query });
        expect(status, JSON.stringify(query)).to.equal(400);
        expect(body.error, JSON.stringify(query)).to.equal(message);
      }
      const missing = await call(member, 'get', '/notifications').expect(400);
      expect(missing.body).to.deep.equal({ error: 'Workspace ID is required' });
    });
  });

  describe('marking read', () => {
    let member: TestSession;

    beforeEach(async () => {
      member = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
    });

    it('lowers the unread count by one, and not again for the same notification', async () => {
      const [first] = [await raiseFor(member, workspaceId), await raiseFor(member, workspaceId)];
      const marked = await markRead(member, workspaceId, first.id).expect(200);
      expect(marked.body.unreadCount).to.equal(1);
      expect(marked.body.notification).to.include({ id: first.id, status: 'read' });
      const again = await markRead(member, workspaceId, first.id).expect(200);
      expect(again.body.unreadCount).to.equal(1);
      expect((await list(member, workspaceId)).unreadCount).to.equal(1);
    });

    it('never goes below 0', async () => {
      const only = await raiseFor(member, workspaceId);
      expect((await markRead(member, workspaceId, only.id).expect(200)).body.unreadCount).to.equal(0);
      expect((await markRead(member, workspaceId, only.id).expect(200)).body.unreadCount).to.equal(0);
      expect((await list(member, workspaceId)).unreadCount).to.equal(0);
    });

    it('marks all read at once, and marking all with none unread changes nothing', async () => {
      for (let index = 0; index < 3; index++) await raiseFor(member, workspaceId);
      expect((await markAllRead(member, workspaceId).expect(200)).body).to.deep.equal({ updated: 3, unreadCount: 0 });
      const page = await list(member, workspaceId);
      expect(page).to.include({ count: 3, unreadCount: 0 });
      expect(page.notifications.every((notification) => notification.status === 'read')).to.equal(true);
      const rows = () =>
        db()('notifications')
          .whereIn(
            'external_id',
            page.notifications.map((n) => n.id),
          )
          .orderBy('id')
          .select('*');
      const before = await rows();
      expect((await markAllRead(member, workspaceId).expect(200)).body).to.deep.equal({ updated: 0, unreadCount: 0 });
      expect(await rows()).to.deep.equal(before);
    });

    it('marks only the member’s own notifications of the workspace', async () => {
      const mine = await raiseFor(member, workspaceId);
      const theirs = await raiseFor(employee, workspaceId);
      await markAllRead(member, workspaceId).expect(200);
      expect((await list(employee, workspaceId, { status: 'unread' })).notifications.map((n) => n.id)).to.include(theirs.id);
      expect((await list(member, workspaceId)).notifications.map((n) => n.id)).to.deep.equal([mine.id]);
    });

    it('answers 404 for another member’s notification, one of another workspace, and ids that cannot exist', async () => {
      const theirs = await raiseFor(employee, workspaceId);
      expect((await markRead(member, workspaceId, theirs.id).expect(404)).body).to.deep.equal(NOT_FOUND);
      expect((await list(employee, workspaceId, { status: 'unread' })).notifications.map((n) => n.id)).to.include(theirs.id);

      // The member's own notification, named through another workspace of theirs.
      const mine = await raiseFor(member, workspaceId);
      const otherWorkspace = (await createWorkspace(member)).externalId;
      expect((await markRead(member, otherWorkspace, mine.id).expect(404)).body).to.deep.equal(NOT_FOUND);
      expect((await list(member, workspaceId)).unreadCount).to.equal(1);

      for (const id of ['not-an-id', randomUUID(), '1']) expect((await markRead(member, workspaceId, id).expect(404)).body).to.deep.equal(NOT_FOUND);
    });

    it('keeps non-members out: 404 for a workspace they are not in, 401 signed out', async () => {
      const outsider = await signedInUser('outsider');
      const mine = await raiseFor(member, workspaceId);
      expect((await markRead(outsider, workspaceId, mine.id).expect(404)).body).to.deep.equal(WORKSPACE_NOT_FOUND);
      expect((await markAllRead(outsider, workspaceId).expect(404)).body).to.deep.equal(WORKSPACE_NOT_FOUND);
      const { agent, csrf } = await newAgent();
      const visitor: TestSession = { agent, csrf, user: { externalId: '', name: '', email: '' }, password: '' };
      expect((await markRead(visitor, workspaceId, mine.id).expect(401)).body).to.deep.equal({ error: 'Not signed in' });
      await call(visitor, 'get', '/notifications').query({ workspaceId }).expect(401);
      expect((await list(member, workspaceId)).unreadCount).to.equal(1);
    });
  });

  describe('GET notifications/batch', () => {
    let member: TestSession;

    before(async () => {
      member = await memberWithRole(owner, workspaceId, 'EMPLOYEE');
    });

    it('answers 404 with an error when there is none', async () => {
      await raiseFor(member, workspaceId, { title: 'Not about batch work' });
      const { body } = await call(member, 'get', '/notifications/batch').query({ workspaceId }).expect(404);
      expect(body).to.deep.equal({ error: 'No notifications found' });
    });

    it('lists notifications about batch work, newest first, optionally of one entity type, up to the limit', async () => {
      const gst = await raiseFor(member, workspaceId, {
        eventType: 'SYNC_COMPLETED',
        title: 'GST sync',
        metadata: { syncType: 'GST', entityType: 'NOTICE' },
      });
      const imported = await raiseFor(member, workspaceId, {
        eventType: 'SYNC_STARTED',
        title: 'Import',
        metadata: { syncType: 'CREDENTIAL_IMPORT' },
      });
      const all = await call(member, 'get', '/notifications/batch').query({ workspaceId }).expect(200);
      expect(all.body.notifications.map((n: NotificationDto) => n.id)).to.deep.equal([imported.id, gst.id]);
      const notices = await call(member, 'get', '/notifications/batch').query({ workspaceId, entityType: 'notice' }).expect(200);
      expect(notices.body.notifications.map((n: NotificationDto) => n.id)).to.deep.equal([gst.id]);
      const one = await call(member, 'get', '/notifications/batch').query({ workspaceId, limit: 1 }).expect(200);
      expect(one.body.notifications.map((n: NotificationDto) => n.id)).to.deep.equal([imported.id]);
      await call(member, 'get', '/notifications/batch').query({ workspaceId, entityType: 'TASK' }).expect(404);
      expect((await call(employee, 'get', '/notifications/batch').query({ workspaceId })).status).to.equal(404);
    });

    it('rejects bad queries with 400', async () => {
      for (const [query, message] of [
        [{ limit: 0 }, NOTIFICATION_MESSAGES.batchLimit],
        [{ limit: 51 }, NOTIFICATION_MESSAGES.batchLimit],
        [{ entityType: 'no spaces allowed' }, NOTIFICATION_MESSAGES.entityType],
      ] as const) {
        const { status, body } = await call(member, 'get', '/notifications/batch').query({ workspaceId, ...query });
        expect(status).to.equal(400);
        expect(body.error).to.equal(message);
      }
    });
  });

  describe('raising', () => {
    let workspaceRowId: number;

    before(async () => {
      workspaceRowId = await internalIdOf(workspaceId);
    });

    const titled = async (session: TestSession, title: string) =>
      (await list(session, workspaceId, { limit: 100 })).notifications.filter((n) => n.title === title);

    it('reaches every member of the audience it names, and only current members', async () => {
      const service = notificationService();
      const input = (title: string) => ({ eventType: 'SYSTEM_WARNING', title, message: 'Audience check', priority: 'high' as const });
      await service.raise(workspaceRowId, { roles: ['OWNER', 'EMPLOYEE'] }, input('By role'));
      await service.raise(workspaceRowId, { permission: 'manage_members' }, input('By permission'), { exceptUserIds: [await userIdOf(owner)] });
      await service.raise(workspaceRowId, { allMembers: true }, input('Everyone'));
      const outsider = await signedInUser('not-a-member');
      expect(await service.raise(workspaceRowId, { userId: await userIdOf(outsider) }, input('Outsider'))).to.deep.equal([]);

      const received = async (title: string) => {
        const holders: Role[] = [];
        for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT'] as Role[]) if ((await titled(sessions[role], title)).length) holders.push(role);
        return holders;
      };
      expect(await received('By role')).to.deep.equal(['OWNER', 'EMPLOYEE']);
      expect(await received('By permission')).to.deep.equal(['ADMIN']);
      expect(await received('Everyone')).to.deep.equal(['OWNER', 'ADMIN', 'EMPLOYEE', 'CLIENT']);
      expect((await titled(sessions.ADMIN, 'By permission'))[0]).to.include({ eventType: 'SYSTEM_WARNING', priority: 'high' });
    });

    it('accepts the core event types and those registered, in upper snake case only', async () => {
      const service = notificationService();
      const raise = (eventType: string) => service.raise(workspaceRowId, { userId: 0 }, { eventType, title: 'Type check', message: 'Type check' });
      let unknown: unknown;
      await raise('DSC_EXPIRING').catch((error: unknown) => (unknown = error));
      expect(String(unknown)).to.match(/Unknown notification event type "DSC_EXPIRING"/);
      service.registerEventType('DSC_EXPIRING');
      expect(await raise('DSC_EXPIRING')).to.deep.equal([]);
      expect(() => service.registerEventType('dscExpiring')).to.throw(/upper snake case/);
    });

    it('takes the event types plugins contribute, and refuses to start with one that is not upper snake case', async () => {
      const { container } = sharedHost().host;
      const build = (types: string[]) =>
        new NotificationService(
          container.get(TOKENS.Knex),
          container.get(TOKENS.Events),
          container.get(TOKENS.Permissions),
          container.get(TOKENS.Logger),
          { contributions: () => [{ pluginId: 'reminders', value: types }] } as unknown as PluginRegistry,
        );
      const contributed = await build(['DUE_DATE_NEAR', 'GST_3B_DUE']).raise(
        workspaceRowId,
        { userId: await userIdOf(owner) },
        { eventType: 'GST_3B_DUE', title: 'GSTR-3B due', message: 'Due on the 20th' },
      );
      expect(contributed.map((notification) => notification.eventType)).to.deep.equal(['GST_3B_DUE']);
      expect(() => build(['DUE_DATE_NEAR', 'dueDate'])).to.throw(
        PluginLoadError,
        'Plugin reminders: notification event type "dueDate" is not upper snake case',
      );
    });

    it('keeps a job’s notification up to date: started, progress in place, then the outcome, the earlier stages made obsolete', async () => {
      const service = notificationService();
      const reported: unknown[] = [];
      const job = service.forJob(
        {
          workspaceId: workspaceRowId,
          audience: { userId: await userIdOf(employee) },
          jobKey: `test:${randomUUID()}`,
          syncType: 'GST',
          entityType: 'notice',
          actionUrl: '/axal/notices',
          minProgressIntervalMs: 0,
        },
        { reportProgress: (progress) => reported.push(progress) },
      );
      const [started] = await job.started({ title: 'GST sync started', message: 'Syncing 3 clients' });
      const [first] = await job.progress(
        { completed: 1, total: 3, step: 'Fetching notices' },
        { title: 'GST sync in progress', message: '1 of 3 clients' },
      );
      const [second] = await job.progress(
        { completed: 2, total: 3, step: 'Fetching notices' },
        { title: 'GST sync in progress', message: '2 of 3 clients' },
      );
      expect(second.id).to.equal(first.id);
      expect(second.metadata).to.deep.equal({
        syncType: 'GST',
        entityType: 'NOTICE',
        progress: { completed: 2, total: 3, step: 'Fetching notices' },
      });
      const [done] = await job.completed({
        title: 'GST sync completed',
        message: '2 of 3 clients synced',
        failedClients: [{ clientName: 'Mehta Traders', error: 'Invalid credentials' }],
      });
      expect(reported).to.deep.equal([
        { completed: 1, total: 3, step: 'Fetching notices' },
        { completed: 2, total: 3, step: 'Fetching notices' },
      ]);

      const page = (await list(employee, workspaceId, { limit: 100 })).notifications;
      const byId = new Map(page.map((notification) => [notification.id, notification]));
      expect(byId.get(done.id)).to.deep.include({
        eventType: 'SYNC_COMPLETED',
        actionUrl: '/axal/notices',
        metadata: { syncType: 'GST', entityType: 'NOTICE', failedClients: [{ clientName: 'Mehta Traders', error: 'Invalid credentials' }] },
      });
      expect(byId.get(started.id)?.metadata.obsolete).to.equal(true);
      expect(byId.get(first.id)).to.deep.include({ eventType: 'SYNC_IN_PROGRESS', message: '2 of 3 clients' });
      expect(byId.get(first.id)?.metadata.obsolete).to.equal(true);
      expect(page.filter((notification) => notification.metadata.syncType === 'GST' && notification.eventType === 'SYNC_IN_PROGRESS')).to.have.length(
        1,
      );
    });
  });

  describe('producers', () => {
    it('tells the other administrators when a member joins, changes role or is removed', async () => {
      const { workspace, sessions: team } = await workspaceWithEveryRole();
      const membersUrl = `/axal/w/${workspace.externalId}/settings/members`;
      const infoOf = async (session: TestSession) =>
        (await list(session, workspace.externalId, { limit: 100 })).notifications.filter((n) => n.eventType === 'SYSTEM_INFO');

      const before = (await infoOf(team.ADMIN)).length;
      const newcomer = await memberWithRole(team.OWNER, workspace.externalId, 'EMPLOYEE');
      await call(team.OWNER, 'patch', `/workspaces/${workspace.externalId}/members/${newcomer.user.externalId}`, { role: 'ADMIN' }).expect(200);
      await call(team.OWNER, 'delete', `/workspaces/${workspace.externalId}/members/${newcomer.user.externalId}`).expect(204);
      const adminInfo = await infoOf(team.ADMIN);
      expect(adminInfo).to.have.length(before + 3);
      const adminNews = adminInfo.slice(0, 3);
      expect(adminNews.map((n) => [n.title, n.message, n.actionUrl])).to.deep.equal([
        ['Member removed', `${team.OWNER.user.name} removed ${newcomer.user.name} from the workspace.`, membersUrl],
        ['Member role changed', `${team.OWNER.user.name} changed ${newcomer.user.name}'s role from Employee to Admin.`, membersUrl],
        ['Member joined', `${newcomer.user.name} (${newcomer.user.email}) accepted the invitation and joined as Employee.`, membersUrl],
      ]);
      // The owner made the other two changes, so hears only of the joining.
      const ownerTitles = (await infoOf(team.OWNER)).map((n) => n.title);
      expect(ownerTitles).to.include('Member joined');
      expect(ownerTitles).to.not.include.members(['Member role changed', 'Member removed']);
      expect(await infoOf(team.EMPLOYEE)).to.deep.equal([]);
      expect(await infoOf(team.CLIENT)).to.deep.equal([]);
    });

    it('tells the administrators when an invited person accepts the emailed invitation and so joins', async () => {
      const { workspace, sessions: team } = await workspaceWithEveryRole();
      const email = uniqueEmail('invitee');
      await call(team.OWNER, 'post', `/workspaces/${workspace.externalId}/members`, { email, role: 'EMPLOYEE' }).expect(202);
      const invitee = await new TestClient(sharedHost().baseUrl).signedInUser('invitee', { name: 'Ravi Kulkarni', email });
      const token = tokenIn(await latestMailTo(email, { subject: 'invited you' }), '/invitations/accept');
      await call(invitee, 'post', '/invitations/accept', { token }).expect(200);
      const joined = (await list(team.ADMIN, workspace.externalId, { limit: 100 })).notifications.find((n) => n.title === 'Member joined');
      expect(joined).to.deep.include({
        eventType: 'SYSTEM_INFO',
        message: `Ravi Kulkarni (${email}) accepted the invitation and joined as Employee.`,
        actionUrl: `/axal/w/${workspace.externalId}/settings/members`,
      });
      expect((await list(team.EMPLOYEE, workspace.externalId, { limit: 100 })).notifications.map((n) => n.title)).to.not.include('Member joined');
    });

    it('reports a credential import to the member who started it: started, then the outcome with the rows that failed', async () => {
      const { workspace, sessions: team } = await workspaceWithEveryRole();
      const row = (name: string, phone: string) => ({
        email: uniqueClientEmail(),
        platform: 'GST',
        username: `portal_${randomUUID().slice(0, 8)}`,
        password: 'Portal#Secret1',
        name,
        phone,
        panNumber: uniquePanOfHolder('P'),
      });
      await stepUp(team.ADMIN);
      const { body } = await call(team.ADMIN, 'post', '/clients/credentials/import', {
        workspaceId: workspace.externalId,
        rows: [row('Good Row', '9876543210'), row('Bad Phone', '12345')],
      }).expect(202);
      let status = '';
      for (let attempt = 0; attempt < 400 && status !== 'completed'; attempt++) {
        status = (
          await call(team.ADMIN, 'get', `/clients/credentials/import/${body.importId}`).query({ workspaceId: workspace.externalId }).expect(200)
        ).body.status;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const news = (await list(team.ADMIN, workspace.externalId)).notifications.filter((n) => n.metadata.syncType === 'CREDENTIAL_IMPORT');
      const clientsUrl = `/axal/w/${workspace.externalId}/clients`;
      expect(news.map((n) => [n.eventType, n.title, n.message, n.priority, n.actionUrl, n.metadata.obsolete ?? false])).to.deep.equal([
        ['SYNC_COMPLETED', 'Credential import completed', '1 of 2 rows imported; 1 failed.', 'high', clientsUrl, false],
        ['SYNC_STARTED', 'Credential import started', 'Importing 2 rows of portal credentials', 'medium', clientsUrl, true],
      ]);
      expect(news[0].metadata.failedClients).to.deep.equal([{ clientName: 'Bad Phone', error: 'Invalid Indian phone number' }]);
      expect((await list(team.OWNER, workspace.externalId)).notifications.filter((n) => n.metadata.syncType)).to.deep.equal([]);
    });

    it('tells the other administrators when a plugin is switched', async () => {
      const { workspace, sessions: team } = await workspaceWithEveryRole();
      await call(team.ADMIN, 'put', `/workspaces/${workspace.externalId}/plugins/gate-fixture`, { enabled: false }).expect(200);
      const ownerNews = (await list(team.OWNER, workspace.externalId)).notifications.filter((n) => n.title.startsWith('Plugin'));
      expect(ownerNews.map((n) => [n.eventType, n.title, n.actionUrl])).to.deep.equal([
        ['SYSTEM_INFO', 'Plugin disabled', `/axal/w/${workspace.externalId}/settings/plugins`],
      ]);
      expect(ownerNews[0].message).to.equal(`${team.ADMIN.user.name} disabled the Gate Fixture plugin.`);
      expect((await list(team.ADMIN, workspace.externalId)).notifications.filter((n) => n.title.startsWith('Plugin'))).to.deep.equal([]);
      expect((await list(team.EMPLOYEE, workspace.externalId)).notifications).to.deep.equal([]);
    });
  });
});
