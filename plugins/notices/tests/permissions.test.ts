import { expect } from 'chai';
import type { Role } from '../../../core/plugin-api';
import { NOTICE_MESSAGES, NOTICES_ROUTES, type NoticePage, type NoticeView } from '../shared/wire';
import {
  createClient,
  createNotice,
  del,
  get,
  HOST_START_TIMEOUT_MS,
  patch,
  post,
  put,
  startNoticesHost,
  uniqueReference,
  type TestHost,
  type TestSession,
} from './support';

describe('notices: what each role may do', () => {
  let notices: TestHost;
  let workspaceId: string;
  const sessions = {} as Record<Role, TestSession>;
  let ownClientId: string;
  let otherClientId: string;
  let own: NoticeView;
  let other: NoticeView;

  const ids = (views: NoticeView[]) => views.map((view) => view.externalId).sort();

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    const owner = await notices.signedInUser('roles-owner');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    ownClientId = (await createClient(owner, workspaceId, { name: 'Kapoor Foods' })).externalId;
    otherClientId = (await createClient(owner, workspaceId, { name: 'Nair Logistics' })).externalId;
    const [admin, employee, client] = await Promise.all([
      notices.memberWithRole(owner, workspaceId, 'ADMIN'),
      notices.memberWithRole(owner, workspaceId, 'EMPLOYEE'),
      notices.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClientId] }),
    ]);
    Object.assign(sessions, { OWNER: owner, ADMIN: admin, EMPLOYEE: employee, CLIENT: client });
    own = await createNotice(owner, workspaceId, ownClientId);
    other = await createNotice(owner, workspaceId, otherClientId);
    // The AI's draft reply (the next issue) stays the firm's until it is sent.
    await notices.host.knex('notices').whereIn('external_id', [own.externalId, other.externalId]).update({ draft_reply: 'Respected Sir, ...' });
  });

  after(() => notices?.stop());

  for (const role of ['OWNER', 'ADMIN', 'EMPLOYEE'] as const) {
    it(`${role} reads every notice with its draft, adds and changes notices`, async () => {
      const session = sessions[role];
      const page = (await post(session, NOTICES_ROUTES.list, { workspaceId }).expect(200)).body as NoticePage;
      expect(ids(page.data)).to.include.members([own.externalId, other.externalId]);
      expect(
        ((await get(session, NOTICES_ROUTES.notice(other.externalId), { workspaceId }).expect(200)).body.data as NoticeView).draftReply,
      ).to.equal('Respected Sir, ...');
      const made = await createNotice(session, workspaceId, otherClientId);
      await patch(session, NOTICES_ROUTES.notice(made.externalId), { workspaceId, status: 'IN_PROGRESS' }).expect(200);
      await put(session, NOTICES_ROUTES.bulkUpdate, { workspaceId, noticeIds: [made.externalId], status: 'RESOLVED' }).expect(200);
      await get(session, NOTICES_ROUTES.activities(made.externalId), { workspaceId }).expect(200);
    });
  }

  it('OWNER and ADMIN may delete a notice; an EMPLOYEE may not', async () => {
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const made = await createNotice(sessions.OWNER, workspaceId, otherClientId);
      await del(sessions[role], NOTICES_ROUTES.notice(made.externalId), { workspaceId, confirmation: made.reference }).expect(204);
    }
    const kept = await createNotice(sessions.OWNER, workspaceId, otherClientId);
    const refused = await del(sessions.EMPLOYEE, NOTICES_ROUTES.notice(kept.externalId), { workspaceId, confirmation: kept.reference }).expect(403);
    expect(refused.body.error).to.equal(NOTICE_MESSAGES.forbiddenDelete);
  });

  it("a CLIENT member sees only their own client's notices, without the internal draft", async () => {
    const client = sessions.CLIENT;
    const page = (await post(client, NOTICES_ROUTES.list, { workspaceId }).expect(200)).body as NoticePage;
    expect(ids(page.data)).to.deep.equal([own.externalId]);
    expect(page.pagination.total).to.equal(1);
    expect(ids((await get(client, NOTICES_ROUTES.all, { workspaceId }).expect(200)).body.data)).to.deep.equal([own.externalId]);
    expect((await get(client, NOTICES_ROUTES.all, { workspaceId, clientId: otherClientId }).expect(200)).body.data).to.deep.equal([]);
    expect((await post(client, NOTICES_ROUTES.list, { workspaceId, clientId: otherClientId }).expect(200)).body.data).to.deep.equal([]);
    expect((await post(client, NOTICES_ROUTES.list, { workspaceId, search: 'Nair' }).expect(200)).body.data).to.deep.equal([]);
    const mine = (await get(client, NOTICES_ROUTES.notice(own.externalId), { workspaceId }).expect(200)).body.data as NoticeView;
    expect(mine.draftReply).to.equal(null);
    expect(ids(page.data.filter((view) => view.draftReply !== null))).to.deep.equal([]);
    await get(client, NOTICES_ROUTES.activities(own.externalId), { workspaceId }).expect(200);
    expect((await get(client, NOTICES_ROUTES.notice(other.externalId), { workspaceId }).expect(404)).body.error).to.equal(
      NOTICE_MESSAGES.noticeNotFound,
    );
    expect((await get(client, NOTICES_ROUTES.activities(other.externalId), { workspaceId }).expect(404)).body.error).to.equal(
      NOTICE_MESSAGES.noticeNotFound,
    );
  });

  it('a CLIENT member changes nothing, with the forbidden words of each action', async () => {
    const client = sessions.CLIENT;
    const created = await post(client, NOTICES_ROUTES.create, {
      workspaceId,
      clientId: ownClientId,
      department: 'GST',
      noticeType: 'ASMT-10',
      reference: uniqueReference(),
    }).expect(403);
    expect(created.body.error).to.equal(NOTICE_MESSAGES.forbiddenCreate);
    for (const notice of [own, other]) {
      const route = NOTICES_ROUTES.notice(notice.externalId);
      expect((await patch(client, route, { workspaceId, status: 'RESOLVED' }).expect(403)).body.error).to.equal(NOTICE_MESSAGES.forbiddenEdit);
      expect((await del(client, route, { workspaceId, confirmation: notice.reference }).expect(403)).body.error).to.equal(
        NOTICE_MESSAGES.forbiddenDelete,
      );
    }
    const bulk = await put(client, NOTICES_ROUTES.bulkUpdate, { workspaceId, noticeIds: [own.externalId], status: 'RESOLVED' }).expect(403);
    expect(bulk.body.error).to.equal(NOTICE_MESSAGES.forbiddenEdit);
    expect(((await get(sessions.OWNER, NOTICES_ROUTES.notice(own.externalId), { workspaceId }).expect(200)).body.data as NoticeView).status).to.equal(
      'NEW',
    );
  });

  it("a member of another workspace reaches none of this workspace's notices", async () => {
    const outsider = await notices.signedInUser('roles-outsider');
    const theirs = (await notices.createWorkspace(outsider)).externalId;
    await post(outsider, NOTICES_ROUTES.list, { workspaceId }).expect(404);
    for (const route of [NOTICES_ROUTES.notice(own.externalId), NOTICES_ROUTES.activities(own.externalId)]) {
      expect((await get(outsider, route, { workspaceId: theirs }).expect(404)).body.error).to.equal(NOTICE_MESSAGES.noticeNotFound);
    }
    await patch(outsider, NOTICES_ROUTES.notice(own.externalId), { workspaceId: theirs, status: 'RESOLVED' }).expect(404);
    await put(outsider, NOTICES_ROUTES.bulkUpdate, { workspaceId: theirs, noticeIds: [own.externalId], status: 'RESOLVED' }).expect(404);
    await del(outsider, NOTICES_ROUTES.notice(own.externalId), { workspaceId: theirs, confirmation: own.reference }).expect(404);
  });
});
