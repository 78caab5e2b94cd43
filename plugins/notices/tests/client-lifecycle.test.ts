import { expect } from 'chai';
import { TOKENS, type ActivityService, type WorkspaceDirectory } from '../../../core/plugin-api';
import { ATTACHMENT_SERVICE, type AttachmentService, type AttachmentTarget } from '../../documents/server/tokens';
import { Notice, NoticeHearing } from '../server/models';
import { NOTICES_ROUTES, type NoticeView } from '../shared/wire';
import {
  call,
  createClient,
  createNotice,
  HOST_START_TIMEOUT_MS,
  post,
  startNoticesHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

describe('notices: when a client is deleted', () => {
  let notices: TestHost;
  let owner: TestSession;
  let ownerId: number;
  let workspaceId: string;
  let workspaceSerial: number;

  const targetOf = (notice: NoticeView): AttachmentTarget => ({ workspaceId: workspaceSerial, entityType: 'NOTICE', entityId: notice.externalId });
  const attachments = () => notices.host.container.get<AttachmentService>(ATTACHMENT_SERVICE);

  /** A file linked to the notice, as the demo seed and portal sync link the files they have. */
  async function attach(notice: NoticeView, client: ClientView, filename: string) {
    const workspace = { id: workspaceSerial, externalId: workspaceId, name: 'Practice' };
    await attachments().attachFile(
      targetOf(notice),
      {
        filename,
        body: Buffer.from('Month,Difference\nApr 2025,7300\n'),
        directory: `notices/${notice.externalId}`,
        clientExternalId: client.externalId,
      },
      { membership: { workspace, role: 'OWNER' }, user: { id: ownerId } },
    );
  }

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    owner = await notices.signedInUser('notices-client-lifecycle');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    workspaceSerial = await notices.internalIdOf(workspaceId);
    ownerId = (await notices.host.container.get<WorkspaceDirectory>(TOKENS.Workspaces).memberByExternalId(workspaceSerial, owner.user.externalId))!
      .userId;
  });

  after(() => notices?.stop());

  it("removes the client's notices with their hearings and attachment links, records each, and leaves other clients' notices alone", async () => {
    const leaving = await createClient(owner, workspaceId, { name: 'Leaving Traders' });
    const staying = await createClient(owner, workspaceId, { name: 'Staying Exports' });
    const scrutiny = await createNotice(owner, workspaceId, leaving.externalId, { noticeType: 'ASMT-10', reference: 'ZD2703260412873K' });
    const demand = await createNotice(owner, workspaceId, leaving.externalId, { noticeType: 'DRC-01', reference: 'ZD2703260413102M' });
    const kept = await createNotice(owner, workspaceId, staying.externalId, { noticeType: 'REG-17', reference: 'ZD2703260418614P' });
    await post(owner, NOTICES_ROUTES.hearings(demand.externalId), { workspaceId, hearingDate: '2027-01-12', mode: 'IN_PERSON' }).expect(201);
    await attach(scrutiny, leaving, 'ITC reconciliation.csv');
    await attach(kept, staying, 'Registration reply.csv');

    await call(owner, 'delete', `/clients/${leaving.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Leaving Traders' }).expect(200);

    expect(await Notice.query().where({ workspace_id: workspaceSerial, external_id: scrutiny.externalId })).to.deep.equal([]);
    expect(await Notice.query().where({ workspace_id: workspaceSerial, external_id: demand.externalId })).to.deep.equal([]);
    expect(await NoticeHearing.query().where('workspace_id', workspaceSerial)).to.deep.equal([]);
    expect(await attachments().list(targetOf(scrutiny))).to.deep.equal([]);

    const keptNow = await call(owner, 'get', `/notices/${kept.externalId}`).query({ workspaceId }).expect(200);
    expect(keptNow.body.data).to.include({ reference: 'ZD2703260418614P', clientName: 'Staying Exports' });
    expect((await attachments().list(targetOf(kept))).map((attachment) => attachment.document.filename)).to.deep.equal(['Registration reply.csv']);

    const activity = notices.host.container.get<ActivityService>(TOKENS.Activity);
    for (const [notice, reference] of [
      [scrutiny, 'ZD2703260412873K'],
      [demand, 'ZD2703260413102M'],
    ] as const) {
      const [entry] = await activity.forEntity(workspaceSerial, 'NOTICE', notice.externalId);
      expect(entry).to.include({ action: 'notice.deleted', actorUserId: ownerId });
      expect(entry!.metadata).to.deep.equal({
        text: `Notice ${reference} deleted with the client Leaving Traders`,
        reference,
        clientName: 'Leaving Traders',
      });
    }
    expect((await activity.forEntity(workspaceSerial, 'NOTICE', kept.externalId)).map((entry) => entry.action)).not.to.include('notice.deleted');
  });

  it('deletes a client without notices as before', async () => {
    const quiet = await createClient(owner, workspaceId, { name: 'Quiet Traders' });
    await call(owner, 'delete', `/clients/${quiet.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Quiet Traders' }).expect(200);
  });
});
