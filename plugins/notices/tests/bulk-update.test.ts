import { expect } from 'chai';
import { MAX_BULK_UPDATE, NOTICE_MESSAGES, NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import { actionsOf, createClient, createNotice, noticeOf, put, useNoticesWorld } from './support';

describe('notices: bulk status update', () => {
  const world = useNoticesWorld('bulk-owner');

  const bulk = (body: Record<string, unknown>) => put(world.owner, NOTICES_ROUTES.bulkUpdate, { workspaceId: world.workspaceId, ...body });
  const statusOf = async (notice: NoticeView) => (await noticeOf(world.owner, world.workspaceId, notice.externalId)).status;
  const entries = (notice: NoticeView) => actionsOf(world.owner, world.workspaceId, notice.externalId);

  it('changes every selected notice in one go, one entry each for those whose status changed', async () => {
    const { owner, workspaceId } = world;
    const clientId = world.client.externalId;
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
    const { host, owner, workspaceId } = world;
    const clientId = world.client.externalId;
    const mine = await createNotice(owner, workspaceId, clientId);
    const elsewhere = (await host.createWorkspace(owner)).externalId;
    const theirs = await createNotice(owner, elsewhere, (await createClient(owner, elsewhere)).externalId);
    for (const stray of [theirs.externalId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await bulk({ noticeIds: [mine.externalId, stray], status: 'EXPIRED' }).expect(404);
      expect(response.body.error).to.equal(NOTICE_MESSAGES.bulkSomeMissing);
    }
    expect(await statusOf(mine)).to.equal('NEW');
    expect((await noticeOf(owner, elsewhere, theirs.externalId)).status).to.equal('NEW');
    expect(await entries(mine)).to.deep.equal(['Notice added']);
  });

  it('offers only the bulk dialog statuses and refuses an empty or oversized selection', async () => {
    const notice = await createNotice(world.owner, world.workspaceId, world.client.externalId);
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
