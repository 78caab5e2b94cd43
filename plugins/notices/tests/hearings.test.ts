import { expect } from 'chai';
import { NOTICE_MESSAGES, NOTICES_ROUTES, type HearingView } from '../shared/wire';
import {
  actionsOf,
  createNotice,
  del,
  noticeOf,
  post,
  startNoticesOnlyHost,
  useNoticesWorld,
  workspaceWithClient,
  type TestSession,
} from './support';

describe('notices: hearing dates', () => {
  const world = useNoticesWorld('hearings-owner', { startHost: startNoticesOnlyHost });

  const addHearing = (session: TestSession, noticeId: string, body: Record<string, unknown>) =>
    post(session, NOTICES_ROUTES.hearings(noticeId), { workspaceId: world.workspaceId, ...body });
  const hearingsOf = async (noticeId: string) => (await noticeOf(world.owner, world.workspaceId, noticeId)).hearings;

  it('adds a hearing, lists it on the notice soonest first, and removes it, each with an activity entry', async () => {
    const { owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const { body } = await addHearing(owner, notice.externalId, {
      hearingDate: '2027-01-12',
      hearingTime: '11:30',
      mode: 'VIRTUAL',
      notes: '  Bring the reconciliation  ',
    }).expect(201);
    const hearing: HearingView = body.data;
    expect(hearing).to.include({ hearingDate: '2027-01-12', hearingTime: '11:30', mode: 'VIRTUAL', notes: 'Bring the reconciliation' });
    const earlier: HearingView = (await addHearing(owner, notice.externalId, { hearingDate: '2026-12-20', mode: 'WRITTEN' }).expect(201)).body.data;
    expect(earlier).to.include({ hearingTime: null, notes: '' });

    expect((await hearingsOf(notice.externalId)).map((item) => item.id)).to.deep.equal([earlier.id, hearing.id]);

    await del(owner, NOTICES_ROUTES.hearing(notice.externalId, hearing.id), { workspaceId }).expect(204);
    expect((await hearingsOf(notice.externalId)).map((item) => item.id)).to.deep.equal([earlier.id]);
    expect((await actionsOf(owner, workspaceId, notice.externalId)).slice(0, 3)).to.deep.equal([
      'Hearing removed for 12 Jan 2027 at 11:30 (Video hearing)',
      'Hearing added for 20 Dec 2026 (Written submission)',
      'Hearing added for 12 Jan 2027 at 11:30 (Video hearing)',
    ]);
    await del(owner, NOTICES_ROUTES.hearing(notice.externalId, hearing.id), { workspaceId }).expect(404, { error: NOTICE_MESSAGES.hearingNotFound });
  });

  it('refuses a bad date, time or mode with the wire message and adds nothing', async () => {
    const { owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const refusals: [Record<string, unknown>, string][] = [
      [{ mode: 'IN_PERSON' }, NOTICE_MESSAGES.invalidDate('Hearing date')],
      [{ hearingDate: '2027-02-30', mode: 'IN_PERSON' }, NOTICE_MESSAGES.invalidDate('Hearing date')],
      [{ hearingDate: '12/01/2027', mode: 'IN_PERSON' }, NOTICE_MESSAGES.invalidDate('Hearing date')],
      [{ hearingDate: '2027-01-12', hearingTime: '24:00', mode: 'IN_PERSON' }, NOTICE_MESSAGES.invalidHearingTime],
      [{ hearingDate: '2027-01-12', hearingTime: '9:30', mode: 'IN_PERSON' }, NOTICE_MESSAGES.invalidHearingTime],
      [{ hearingDate: '2027-01-12' }, NOTICE_MESSAGES.invalidHearingMode],
      [{ hearingDate: '2027-01-12', mode: 'ONLINE' }, NOTICE_MESSAGES.invalidHearingMode],
    ];
    for (const [body, message] of refusals) {
      const response = await addHearing(owner, notice.externalId, body).expect(400);
      expect(response.body.error, JSON.stringify(body)).to.equal(message);
    }
    await addHearing(owner, notice.externalId, { hearingDate: '2027-01-12', hearingTime: '', mode: 'IN_PERSON', notes: null }).expect(201);
    expect(await hearingsOf(notice.externalId)).to.have.length(1);
  });

  it("answers 404 for another workspace's notice or hearing, and for a hearing of another notice", async () => {
    const { host, owner, workspaceId, client } = world;
    const [notice, other] = await Promise.all([
      createNotice(owner, workspaceId, client.externalId),
      createNotice(owner, workspaceId, client.externalId),
    ]);
    const hearing: HearingView = (await addHearing(owner, notice.externalId, { hearingDate: '2027-03-01', mode: 'IN_PERSON' }).expect(201)).body.data;
    await del(owner, NOTICES_ROUTES.hearing(other.externalId, hearing.id), { workspaceId }).expect(404, { error: NOTICE_MESSAGES.hearingNotFound });
    await del(owner, NOTICES_ROUTES.hearing(notice.externalId, 'not-an-id'), { workspaceId }).expect(404, { error: NOTICE_MESSAGES.hearingNotFound });

    const foreign = await workspaceWithClient(host, 'hearings-foreign');
    const theirs = await createNotice(foreign.owner, foreign.workspaceId, foreign.client.externalId);
    const notFound = { error: NOTICE_MESSAGES.noticeNotFound };
    await addHearing(owner, theirs.externalId, { hearingDate: '2027-03-01', mode: 'IN_PERSON' }).expect(404, notFound);
    await del(owner, NOTICES_ROUTES.hearing(theirs.externalId, hearing.id), { workspaceId }).expect(404, notFound);
    expect(await hearingsOf(notice.externalId)).to.have.length(1);
  });

  it('lets staff add hearings and refuses a CLIENT member with 403', async () => {
    const { host, owner, workspaceId, client } = world;
    const notice = await createNotice(owner, workspaceId, client.externalId);
    const employee = await host.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    const clientMember = await host.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [client.externalId] });
    const hearing: HearingView = (await addHearing(employee, notice.externalId, { hearingDate: '2027-04-05', mode: 'IN_PERSON' }).expect(201)).body
      .data;
    const forbidden = { error: NOTICE_MESSAGES.forbiddenEdit };
    await addHearing(clientMember, notice.externalId, { hearingDate: '2027-04-06', mode: 'IN_PERSON' }).expect(403, forbidden);
    await del(clientMember, NOTICES_ROUTES.hearing(notice.externalId, hearing.id), { workspaceId }).expect(403, forbidden);
    const seen = await noticeOf(clientMember, workspaceId, notice.externalId);
    expect(seen.hearings.map((item) => item.id)).to.deep.equal([hearing.id]);
  });
});
