import { expect } from 'chai';
import { MAX_BULK_UPDATE, NOTICE_MESSAGES, NOTICES_ROUTES, type NoticeActivityView, type NoticeView } from '../shared/wire';
import { createClient, createNotice, get, HOST_START_TIMEOUT_MS, put, startNoticesHost, type TestHost, type TestSession } from './support';

describe('notices: bulk status update', () => {
  let notices: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let clientId: string;

  const bulk = (body: Record<string, unknown>) => put(owner, NOTICES_ROUTES.bulkUpdate, { workspaceId, ...body });
  const statusOf = async (notice: NoticeView) =>
    ((await get(owner, NOTICES_ROUTES.notice(notice.externalId), { workspaceId }).expect(200)).body.data as NoticeView).status;
  const entries = async (notice: NoticeView) =>
    ((await get(owner, NOTICES_ROUTES.activities(notice.externalId), { workspaceId }).expect(200)).body.data as NoticeActivityView[]).map(
      (entry) => entry.action,
    );

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    owner = await notices.signedInUser('bulk-owner');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    clientId = (await createClient(owner, workspaceId)).externalId;
  });

  after(() => notices?.stop());

  it('changes every selected notice in one go, one entry each for those whose status changed', async () => {
    const fresh = await createNotice(owner, workspaceId, clientId);
    const pending = await createNotice(owner, workspaceId, clientId, { status: 'PENDING' });
    const done = await createNotice(owner, workspaceId, clientId, { status: 'RESOLVED' });
    const untouched = await createNotice(owner, workspaceId, clientId);
    const response = await bulk({
      noticeIds: [fresh.externalId, pending.externalId.toUpperCase(), done.externalId, fresh.externalId],
      status: 'RESOLVED',
    }).expect(200);
    expect(response.body).to.deep.equal({ data: { updated: 3 } });
    for (const notice of [fresh, pending, done]) expect(await statusOf(notice)).to.equal('RESOLVED');
    expect(await statusOf(untouched)).to.equal('NEW');
    expect(await entries(fresh)).to.deep.equal(['Status changed from New to Resolved', 'Notice added']);
    expect(await entries(pending)).to.deep.equal(['Status changed from Pending to Resolved', 'Notice added']);
    expect(await entries(done)).to.deep.equal(['Notice added']);
  });

  it("changes nothing when any id is another workspace's, unknown or malformed", async () => {
    const mine = await createNotice(owner, workspaceId, clientId);
    const elsewhere = (await notices.createWorkspace(owner)).externalId;
    const theirs = await createNotice(owner, elsewhere, (await createClient(owner, elsewhere)).externalId);
    for (const stray of [theirs.externalId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await bulk({ noticeIds: [mine.externalId, stray], status: 'EXPIRED' }).expect(404);
      expect(response.body.error).to.equal(NOTICE_MESSAGES.bulkSomeMissing);
    }
    expect(await statusOf(mine)).to.equal('NEW');
    expect(
      ((await get(owner, NOTICES_ROUTES.notice(theirs.externalId), { workspaceId: elsewhere }).expect(200)).body.data as NoticeView).status,
    ).to.equal('NEW');
    expect(await entries(mine)).to.deep.equal(['Notice added']);
  });

  it('offers only the bulk dialog statuses and refuses an empty or oversized selection', async () => {
    const notice = await createNotice(owner, workspaceId, clientId);
    const refused = async (body: Record<string, unknown>) => (await bulk(body).expect(400)).body.error;
    expect(await refused({ noticeIds: [notice.externalId], status: 'PENDING' })).to.equal(NOTICE_MESSAGES.bulkStatusNotOffered);
    expect(await refused({ noticeIds: [notice.externalId], status: 'resolved' })).to.equal(NOTICE_MESSAGES.bulkStatusNotOffered);
    expect(await refused({ noticeIds: [notice.externalId] })).to.equal(NOTICE_MESSAGES.statusRequired);
    expect(await refused({ noticeIds: [], status: 'NEW' })).to.equal(NOTICE_MESSAGES.bulkNothingSelected);
    expect(await refused({ status: 'NEW' })).to.equal(NOTICE_MESSAGES.bulkNothingSelected);
    expect(await refused({ noticeIds: Array.from({ length: MAX_BULK_UPDATE + 1 }, () => notice.externalId), status: 'NEW' })).to.equal(
      NOTICE_MESSAGES.bulkTooMany,
    );
    for (const status of ['NEW', 'IN_PROGRESS', 'RESOLVED', 'EXPIRED']) await bulk({ noticeIds: [notice.externalId], status }).expect(200);
    expect(await statusOf(notice)).to.equal('EXPIRED');
  });
});
