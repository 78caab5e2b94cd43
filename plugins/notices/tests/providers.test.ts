import { addDays, kolkataToday } from '../../../core/plugin-api';
import { expect } from 'chai';
import { chartMonths } from '../server/providers/dashboard';
import { Notice } from '../server/models';
import { NOTICES_ROUTES, type NoticeMonthCount, type NoticeView, type RecentNotice } from '../shared/wire';
import {
  call,
  createClient,
  createNotice,
  HOST_START_TIMEOUT_MS,
  post,
  startNoticesOnlyHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

interface Hit {
  type: string;
  id: string;
  title: string;
  subtitle?: string;
  url: string;
}

interface CalendarEntry {
  type: string;
  id: string;
  title: string;
  date: string;
  url?: string;
}

const NOTICE_CALENDAR_TYPES = new Set(['notice-due', 'notice-target', 'notice-hearing']);

describe('notices: dashboard, search and calendar', () => {
  let notices: TestHost;
  let owner: TestSession;
  let employee: TestSession;
  let clientMember: TestSession;
  let workspaceId: string;
  let workspaceSerial: number;
  let ownClient: ClientView;
  let otherClient: ClientView;
  const today = kolkataToday();

  const dashboard = async (session: TestSession, part: 'stats' | 'recent' | 'graphs') =>
    (await call(session, 'get', `/dashboard/${part}`).query({ workspaceId }).expect(200)).body;

  const noticeHits = async (session: TestSession, q: string): Promise<Hit[]> => {
    const { body } = await call(session, 'get', '/search').query({ workspaceId, q }).expect(200);
    expect(body.incomplete).to.deep.equal([]);
    return (body.results as Hit[]).filter((hit) => hit.type === 'notice');
  };

  const calendarItems = async (session: TestSession, from: string, to: string): Promise<CalendarEntry[]> => {
    const { body } = await call(session, 'get', '/calendar').query({ workspaceId, from, to }).expect(200);
    expect(body.incomplete).to.deep.equal([]);
    return (body.items as CalendarEntry[]).filter((item) => NOTICE_CALENDAR_TYPES.has(item.type));
  };

  const noticeUrl = (notice: NoticeView) => `/w/${workspaceId}/notices/${notice.externalId}`;
  const add = (client: ClientView, fields: Record<string, unknown>) => createNotice(owner, workspaceId, client.externalId, fields);

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesOnlyHost();
    owner = await notices.signedInUser('notices-providers');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    workspaceSerial = await notices.internalIdOf(workspaceId);
    employee = await notices.memberWithRole(owner, workspaceId, 'EMPLOYEE');
    ownClient = await createClient(owner, workspaceId, { name: 'Sharma Traders' });
    otherClient = await createClient(owner, workspaceId, { name: 'Mehta Exports' });
    clientMember = await notices.memberWithRole(owner, workspaceId, 'CLIENT', { clientIds: [ownClient.externalId] });
  });

  after(() => notices?.stop());

  describe('on the dashboard', () => {
    const months = chartMonths(today, 12);
    const [thisMonth, lastMonth, threeMonthsAgo] = [months[11]!, months[10]!, months[8]!];
    let created: NoticeView[];

    before(async () => {
      created = [
        await add(ownClient, { noticeType: 'ASMT-10', status: 'NEW', priority: 'HIGH', dateOfIssuance: `${thisMonth}-01` }),
        await add(otherClient, { noticeType: 'DRC-01', status: 'IN_PROGRESS', dateOfIssuance: `${lastMonth}-10` }),
        await add(ownClient, { noticeType: 'Section 143(2)', status: 'RESOLVED', department: 'INCOME_TAX', dateOfIssuance: `${threeMonthsAgo}-20` }),
        await add(otherClient, { noticeType: 'REG-17', status: 'PENDING', dateOfIssuance: null }),
        await add(ownClient, { noticeType: 'GSTR-3A', status: 'EXPIRED', dateOfIssuance: addDays(`${months[0]}-01`, -1) }),
        await add(ownClient, {
          noticeType: 'Section 148A(b)',
          department: 'INCOME_TAX',
          status: 'IN_PROGRESS',
          priority: 'LOW',
          description: 'Show cause why a notice under section 148 should not be issued for AY 2021-22: purchase of land',
          dateOfIssuance: `${thisMonth}-02`,
        }),
      ];
    });

    after(() => Notice.query().where('workspace_id', workspaceSerial).delete());

    it('counts the open notices as pendingNotices, for a CLIENT member only those of their clients', async () => {
      expect((await dashboard(owner, 'stats')).stats).to.include({ pendingNotices: 4 });
      expect((await dashboard(employee, 'stats')).stats).to.include({ pendingNotices: 4 });
      expect((await dashboard(clientMember, 'stats')).stats).to.include({ pendingNotices: 2 });
    });

    it('lists the newest by date of issuance as recentNotices, undated last', async () => {
      const { recentNotices } = (await dashboard(owner, 'recent')) as { recentNotices: RecentNotice[] };
      const [asmt, drc, scrutiny, reg, , reassessment] = created as [NoticeView, NoticeView, NoticeView, NoticeView, NoticeView, NoticeView];
      expect(recentNotices.map((notice) => notice.noticeType)).to.deep.equal(['Section 148A(b)', 'ASMT-10', 'DRC-01', 'Section 143(2)', 'GSTR-3A']);
      expect(recentNotices[0]).to.deep.equal({
        id: reassessment.externalId,
        externalId: reassessment.externalId,
        noticeType: 'Section 148A(b)',
        description: reassessment.description,
        client: 'Sharma Traders',
        priority: 'LOW',
        dateOfIssuance: `${thisMonth}-02`,
        url: noticeUrl(reassessment),
      });
      expect(recentNotices.map((notice) => notice.id)).not.to.include(reg.externalId);
      expect(recentNotices[2]).to.include({ id: drc.externalId, client: 'Mehta Exports' });
      expect(recentNotices[1]).to.include({ id: asmt.externalId, priority: 'HIGH' });
      expect(recentNotices[3]).to.include({ id: scrutiny.externalId });
    });

    it("shows a CLIENT member only their clients' recent notices", async () => {
      const { recentNotices } = (await dashboard(clientMember, 'recent')) as { recentNotices: RecentNotice[] };
      expect(recentNotices.map((notice) => notice.noticeType)).to.deep.equal(['Section 148A(b)', 'ASMT-10', 'Section 143(2)', 'GSTR-3A']);
    });

    it('gives noticeStats: the notices received in each of the last twelve months, empty months as zero', async () => {
      const counts = (series: NoticeMonthCount[]) => new Map(series.map(({ month, count }) => [month, count]));
      const { noticeStats } = (await dashboard(owner, 'graphs')) as { noticeStats: NoticeMonthCount[] };
      expect(noticeStats.map((entry) => entry.month)).to.deep.equal(months);
      expect(noticeStats.reduce((sum, entry) => sum + entry.count, 0)).to.equal(4);
      expect(counts(noticeStats).get(thisMonth)).to.equal(2);
      expect(counts(noticeStats).get(lastMonth)).to.equal(1);
      expect(counts(noticeStats).get(threeMonthsAgo)).to.equal(1);

      const ofClient = counts(((await dashboard(clientMember, 'graphs')) as { noticeStats: NoticeMonthCount[] }).noticeStats);
      expect([...ofClient.values()].reduce((sum, count) => sum + count, 0)).to.equal(3);
      expect(ofClient.get(lastMonth)).to.equal(0);
    });

    it('names the twelve months up to this one across a year end', () => {
      expect(chartMonths('2027-02-10', 4)).to.deep.equal(['2026-11', '2026-12', '2027-01', '2027-02']);
    });

    it('answers zero, an empty list and twelve empty months in a workspace without notices', async () => {
      const emptyOwner = await notices.signedInUser('notices-empty');
      const emptyWorkspace = (await notices.createWorkspace(emptyOwner)).externalId;
      const read = async (part: string) =>
        (await call(emptyOwner, 'get', `/dashboard/${part}`).query({ workspaceId: emptyWorkspace }).expect(200)).body;
      expect((await read('stats')).stats).to.include({ pendingNotices: 0 });
      expect((await read('recent')).recentNotices).to.deep.equal([]);
      expect((await read('graphs')).noticeStats).to.deep.equal(months.map((month) => ({ month, count: 0 })));
    });
  });

  describe('in the search and the calendar', () => {
    let scrutiny: NoticeView;
    let demand: NoticeView;
    let resolved: NoticeView;

    before(async () => {
      scrutiny = await add(ownClient, {
        noticeType: 'ASMT-10',
        reference: 'ZD2703260412873K',
        description: 'ITC claimed in GSTR-3B exceeds GSTR-2B by 100% of the credit for July',
        dateOfIssuance: '2026-02-20',
        dueDate: '2026-03-05',
        targetDate: '2026-03-02',
      });
      demand = await add(otherClient, {
        noticeType: 'DRC-01',
        reference: 'ZD2903260405219B',
        description: 'Show cause notice under section 73 on works contract credit',
        dateOfIssuance: '2026-02-25',
        dueDate: '2026-03-07',
      });
      resolved = await add(ownClient, {
        noticeType: 'REG-17',
        reference: 'ZD2703260418614P',
        description: 'Cancellation of registration for returns not filed',
        status: 'RESOLVED',
        dateOfIssuance: '2026-01-10',
        dueDate: '2026-03-06',
      });
      await post(owner, NOTICES_ROUTES.hearings(demand.externalId), {
        workspaceId,
        hearingDate: '2026-03-10',
        hearingTime: '11:30',
        mode: 'VIRTUAL',
      }).expect(201);
      await post(owner, NOTICES_ROUTES.hearings(resolved.externalId), { workspaceId, hearingDate: '2026-03-03', mode: 'WRITTEN' }).expect(201);
    });

    after(() => Notice.query().where('workspace_id', workspaceSerial).delete());

    it('finds notices by type, reference, description or client name, newest first, with the client and a link', async () => {
      expect(await noticeHits(owner, 'zd29032604')).to.deep.equal([
        {
          type: 'notice',
          id: demand.externalId,
          title: 'DRC-01 · ZD2903260405219B',
          subtitle: 'Mehta Exports · Show cause notice under section 73 on works contract credit',
          url: noticeUrl(demand),
        },
      ]);
      expect((await noticeHits(owner, 'asmt')).map((hit) => hit.id)).to.deep.equal([scrutiny.externalId]);
      expect((await noticeHits(owner, 'works contract')).map((hit) => hit.id)).to.deep.equal([demand.externalId]);
      expect((await noticeHits(owner, 'sharma')).map((hit) => hit.id)).to.deep.equal([scrutiny.externalId, resolved.externalId]);
    });

    it('takes the wildcards of a term literally', async () => {
      expect((await noticeHits(owner, '100%')).map((hit) => hit.id)).to.deep.equal([scrutiny.externalId]);
      expect(await noticeHits(owner, 'asm_-1')).to.deep.equal([]);
    });

    it("shows a CLIENT member only their clients' notices", async () => {
      expect(await noticeHits(clientMember, 'zd29032604')).to.deep.equal([]);
      expect(await noticeHits(clientMember, 'mehta')).to.deep.equal([]);
      expect((await noticeHits(clientMember, 'ZD270326')).map((hit) => hit.id)).to.deep.equal([scrutiny.externalId, resolved.externalId]);
    });

    it("puts open notices' due and target dates and every hearing on the calendar", async () => {
      const items = await calendarItems(owner, '2026-03-01', '2026-03-31');
      const hearingOf = (notice: NoticeView) => notice.hearings[0]?.id;
      const withHearings = {
        demand: (await call(owner, 'get', `/notices/${demand.externalId}`).query({ workspaceId }).expect(200)).body.data as NoticeView,
        resolved: (await call(owner, 'get', `/notices/${resolved.externalId}`).query({ workspaceId }).expect(200)).body.data as NoticeView,
      };
      expect(items).to.deep.equal([
        {
          type: 'notice-target',
          id: scrutiny.externalId,
          title: 'Internal target: ASMT-10 · Sharma Traders',
          date: '2026-03-02',
          url: noticeUrl(scrutiny),
        },
        {
          type: 'notice-hearing',
          id: hearingOf(withHearings.resolved),
          title: 'Hearing: REG-17 · Sharma Traders (Written submission)',
          date: '2026-03-03',
          url: noticeUrl(resolved),
        },
        { type: 'notice-due', id: scrutiny.externalId, title: 'Reply due: ASMT-10 · Sharma Traders', date: '2026-03-05', url: noticeUrl(scrutiny) },
        { type: 'notice-due', id: demand.externalId, title: 'Reply due: DRC-01 · Mehta Exports', date: '2026-03-07', url: noticeUrl(demand) },
        {
          type: 'notice-hearing',
          id: hearingOf(withHearings.demand),
          title: 'Hearing at 11:30: DRC-01 · Mehta Exports (Video hearing)',
          date: '2026-03-10',
          url: noticeUrl(demand),
        },
      ]);
      expect((await calendarItems(owner, '2026-03-06', '2026-03-08')).map((item) => item.id)).to.deep.equal([demand.externalId]);
      expect(await calendarItems(owner, '2026-04-01', '2026-04-30')).to.deep.equal([]);
    });

    it("shows a CLIENT member only their clients' dates", async () => {
      expect((await calendarItems(clientMember, '2026-03-01', '2026-03-31')).map((item) => `${item.type} ${item.date}`)).to.deep.equal([
        'notice-target 2026-03-02',
        'notice-hearing 2026-03-03',
        'notice-due 2026-03-05',
      ]);
    });

    it('gives no notice figures, hits or dates in a workspace where the plugin is off', async () => {
      await call(owner, 'put', `/workspaces/${workspaceId}/plugins/notices`, { enabled: false }).expect(200);
      try {
        expect((await dashboard(owner, 'stats')).stats).not.to.have.property('pendingNotices');
        expect(await dashboard(owner, 'recent')).not.to.have.property('recentNotices');
        expect(await dashboard(owner, 'graphs')).not.to.have.property('noticeStats');
        expect(await noticeHits(owner, 'asmt')).to.deep.equal([]);
        expect(await calendarItems(owner, '2026-03-01', '2026-03-31')).to.deep.equal([]);
      } finally {
        await call(owner, 'put', `/workspaces/${workspaceId}/plugins/notices`, { enabled: true }).expect(200);
      }
    });
  });

  it("removes a deleted client's notices when the documents plugin is not installed", async () => {
    const leaving = await createClient(owner, workspaceId, { name: 'Leaving Traders' });
    const notice = await add(leaving, { noticeType: 'ASMT-10' });
    await call(owner, 'delete', `/clients/${leaving.externalId}`, { workspaceExternalId: workspaceId, confirmation: 'Leaving Traders' }).expect(200);
    await call(owner, 'get', `/notices/${notice.externalId}`).query({ workspaceId }).expect(404);
  });
});
