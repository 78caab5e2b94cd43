import { expect } from 'chai';
import {
  NOTICE_DEPARTMENTS,
  NOTICE_MESSAGES,
  NOTICE_PRIORITIES,
  NOTICE_STATUSES,
  NOTICES_ROUTES,
  type NoticePage,
  type NoticeView,
} from '../shared/wire';
import { totalOf } from '../server/list-query';
import {
  createClient,
  createNotice,
  get,
  HOST_START_TIMEOUT_MS,
  post,
  startNoticesHost,
  type ClientView,
  type TestHost,
  type TestSession,
} from './support';

type Params = Record<string, unknown>;

describe('notices: the register list, its filters, sorts and pages', () => {
  let notices: TestHost;
  let owner: TestSession;
  let workspaceId: string;
  let gupta: ClientView;
  let iyer: ClientView;
  /** By a short name: the fixtures below. */
  const made: Record<string, NoticeView> = {};

  const list = async (params: Params, query: Params = {}): Promise<NoticePage> =>
    (
      await post(owner, NOTICES_ROUTES.list, { workspaceId, ...params })
        .query(query)
        .expect(200)
    ).body;
  const names = async (params: Params) => {
    const byId = new Map(Object.entries(made).map(([name, notice]) => [notice.externalId, name]));
    return (await list(params)).data.map((notice) => byId.get(notice.externalId));
  };
  const refused = async (params: Params) => (await post(owner, NOTICES_ROUTES.list, { workspaceId, ...params }).expect(400)).body.error;

  before(async function () {
    this.timeout(HOST_START_TIMEOUT_MS);
    notices = await startNoticesHost();
    owner = await notices.signedInUser('list-owner');
    workspaceId = (await notices.createWorkspace(owner)).externalId;
    gupta = await createClient(owner, workspaceId, { name: 'Gupta Exports' });
    iyer = await createClient(owner, workspaceId, { name: 'Iyer Textiles' });
    // Made in this order, so ids rise from asmt to gstr3a; ties on a date fall back to the id.
    const fixtures: [string, ClientView, Params][] = [
      ['asmt', gupta, { noticeType: 'ASMT-10', priority: 'HIGH', status: 'NEW', dateOfIssuance: '2026-01-10', dueDate: '2026-02-10' }],
      ['drc', gupta, { noticeType: 'DRC-01', priority: 'MEDIUM', status: 'IN_PROGRESS', dateOfIssuance: '2026-01-20' }],
      ['scrutiny', iyer, { department: 'INCOME_TAX', noticeType: 'Section 143(2)', priority: 'LOW', status: 'RESOLVED', dueDate: '2026-03-01' }],
      [
        'reopening',
        iyer,
        {
          department: 'INCOME_TAX',
          noticeType: 'Section 148A(b)',
          priority: 'HIGH',
          status: 'PENDING',
          dateOfIssuance: '2026-02-05',
          dueDate: '2026-02-20',
          description: 'Income escaping assessment: 100% of the cash deposits unexplained',
        },
      ],
      [
        'roc',
        gupta,
        {
          department: 'COMPLIANCE',
          noticeType: 'ROC adjudication',
          priority: 'MEDIUM',
          status: 'EXPIRED',
          dateOfIssuance: '2026-01-20',
          dueDate: '2026-02-10',
        },
      ],
      ['gstr3a', iyer, { noticeType: 'GSTR-3A', priority: 'LOW', status: 'NEW', description: 'Return not filed' }],
    ];
    for (const [name, client, fields] of fixtures) made[name] = await createNotice(owner, workspaceId, client.externalId, fields);
  });

  after(() => notices?.stop());

  it('answers the whole register by date of issuance, newest first, nulls last, with exact totals', async () => {
    const page = await list({});
    expect(page.pagination).to.deep.equal({ page: 1, pageSize: 20, totalPages: 1, total: 6, estimated: false });
    expect(await names({})).to.deep.equal(['reopening', 'roc', 'drc', 'asmt', 'gstr3a', 'scrutiny']);
    const [first] = page.data;
    expect(first).to.include({ type: 'Income Tax', clientName: 'Iyer Textiles', clientId: iyer.externalId });
  });

  it('sorts by either date in either direction, nulls last both ways, the id breaking ties the same way', async () => {
    expect(await names({ sortField: 'dateOfIssuance', sortDirection: 'asc' })).to.deep.equal([
      'asmt',
      'drc',
      'roc',
      'reopening',
      'scrutiny',
      'gstr3a',
    ]);
    expect(await names({ sortField: 'dueDate', sortDirection: 'asc' })).to.deep.equal(['asmt', 'roc', 'reopening', 'scrutiny', 'drc', 'gstr3a']);
    expect(await names({ sortField: 'dueDate', sortDirection: 'desc' })).to.deep.equal(['scrutiny', 'reopening', 'roc', 'asmt', 'gstr3a', 'drc']);
    expect(await names({ sortField: 'dueDate' })).to.deep.equal(['scrutiny', 'reopening', 'roc', 'asmt', 'gstr3a', 'drc']);
  });

  it('filters by department, priority and status, each alone, as comma lists, and together', async () => {
    expect(await names({ noticeType: 'GST' })).to.deep.equal(['drc', 'asmt', 'gstr3a']);
    expect(await names({ noticeType: 'INCOME_TAX,COMPLIANCE' })).to.deep.equal(['reopening', 'roc', 'scrutiny']);
    expect(await names({ priority: 'HIGH' })).to.deep.equal(['reopening', 'asmt']);
    expect(await names({ priority: 'LOW, MEDIUM' })).to.deep.equal(['roc', 'drc', 'gstr3a', 'scrutiny']);
    expect(await names({ status: 'NEW,IN_PROGRESS' })).to.deep.equal(['drc', 'asmt', 'gstr3a']);
    expect(await names({ status: 'EXPIRED' })).to.deep.equal(['roc']);
    expect(await names({ noticeType: 'GST', status: 'NEW' })).to.deep.equal(['asmt', 'gstr3a']);
    expect(await names({ noticeType: 'GST', priority: 'LOW', status: 'NEW,RESOLVED' })).to.deep.equal(['gstr3a']);
    expect(await names({ noticeType: 'COMPLIANCE', priority: 'HIGH' })).to.deep.equal([]);
  });

  it("takes absent, empty and 'all' in any case as no filter", async () => {
    for (const none of ['', 'all', 'ALL', 'All', ' , ']) {
      expect((await list({ noticeType: none, priority: none, status: none })).pagination.total, `'${none}'`).to.equal(6);
    }
    expect((await list({ status: 'NEW,all' })).pagination.total).to.equal(6);
  });

  it('refuses an unknown filter value, sort or page with the wire messages', async () => {
    expect(await refused({ noticeType: 'VAT' })).to.equal(NOTICE_MESSAGES.invalidFilter('noticeType', NOTICE_DEPARTMENTS));
    expect(await refused({ noticeType: 'gst' })).to.equal(NOTICE_MESSAGES.invalidFilter('noticeType', NOTICE_DEPARTMENTS));
    expect(await refused({ priority: 'HIGH,URGENT' })).to.equal(NOTICE_MESSAGES.invalidFilter('priority', NOTICE_PRIORITIES));
    expect(await refused({ status: 'CLOSED' })).to.equal(NOTICE_MESSAGES.invalidFilter('status', NOTICE_STATUSES));
    expect(await refused({ sortField: 'createdAt' })).to.equal(NOTICE_MESSAGES.invalidSortField);
    expect(await refused({ sortDirection: 'up' })).to.equal(NOTICE_MESSAGES.invalidSortDirection);
    for (const page of [0, -1, 1.5, 'two']) expect(await refused({ page })).to.equal(NOTICE_MESSAGES.invalidPage);
    expect(await refused({ pageSize: 101 })).to.match(/pageSize/);
  });

  it('searches notice type, reference, description and client name, trimmed and case-insensitive, % taken literally', async () => {
    expect(await names({ search: '  asmt ' })).to.deep.equal(['asmt']);
    expect(await names({ search: made.drc!.reference.toLowerCase() })).to.deep.equal(['drc']);
    expect(await names({ search: '100%' })).to.deep.equal(['reopening']);
    expect(await names({ search: '%' })).to.deep.equal(['reopening']);
    expect(await names({ search: 'gupta' })).to.deep.equal(['roc', 'drc', 'asmt']);
    expect(await names({ search: 'not filed', noticeType: 'GST' })).to.deep.equal(['gstr3a']);
    expect(await names({ search: '' })).to.have.length(6);
  });

  it("narrows to one client; an unknown or another workspace's client is 404", async () => {
    expect(await names({ clientId: iyer.externalId })).to.deep.equal(['reopening', 'gstr3a', 'scrutiny']);
    expect(await names({ clientId: iyer.externalId, status: 'NEW' })).to.deep.equal(['gstr3a']);
    const elsewhere = (await notices.createWorkspace(owner)).externalId;
    const stranger = await createClient(owner, elsewhere);
    for (const clientId of [stranger.externalId, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      const response = await post(owner, NOTICES_ROUTES.list, { workspaceId, clientId }).expect(404);
      expect(response.body.error).to.equal(NOTICE_MESSAGES.clientNotFound);
    }
  });

  it('pages without overlap, reports the totals, and answers an empty page past the end', async () => {
    const first = await list({ pageSize: 4 });
    const second = await list({ pageSize: 4, page: 2 });
    expect(first.pagination).to.deep.equal({ page: 1, pageSize: 4, totalPages: 2, total: 6, estimated: false });
    expect(second.pagination).to.include({ page: 2, totalPages: 2, total: 6 });
    const ids = [...first.data, ...second.data].map((notice) => notice.externalId);
    expect(new Set(ids).size).to.equal(6);
    expect(ids).to.deep.equal((await list({})).data.map((notice) => notice.externalId));
    const beyond = await list({ pageSize: 4, page: 9 });
    expect(beyond.data).to.deep.equal([]);
    expect(beyond.pagination).to.deep.equal({ page: 9, pageSize: 4, totalPages: 2, total: 6, estimated: false });
    const empty = await list({ noticeType: 'COMPLIANCE', status: 'NEW' });
    expect(empty.pagination).to.deep.equal({ page: 1, pageSize: 20, totalPages: 0, total: 0, estimated: false });
  });

  it('reads the parameters from the query as the spec sends them, the body winning', async () => {
    const fromQuery = (await post(owner, NOTICES_ROUTES.list, {}).query({ workspaceId, status: 'EXPIRED', page: '1' }).expect(200))
      .body as NoticePage;
    expect(fromQuery.data.map((notice) => notice.externalId)).to.deep.equal([made.roc!.externalId]);
    const bodyWins = await list({ status: 'RESOLVED' }, { status: 'EXPIRED' });
    expect(bodyWins.data.map((notice) => notice.externalId)).to.deep.equal([made.scrutiny!.externalId]);
  });

  it('GET notices answers the newest by date of issuance, of one client when named', async () => {
    const all = (await get(owner, NOTICES_ROUTES.all, { workspaceId }).expect(200)).body.data as NoticeView[];
    expect(all.map((notice) => notice.externalId)).to.deep.equal((await list({})).data.map((notice) => notice.externalId));
    const ofGupta = (await get(owner, NOTICES_ROUTES.all, { workspaceId, clientId: gupta.externalId }).expect(200)).body.data as NoticeView[];
    expect(ofGupta.map((notice) => notice.externalId)).to.deep.equal([made.roc, made.drc, made.asmt].map((notice) => notice!.externalId));
    expect((await get(owner, NOTICES_ROUTES.all, { workspaceId, clientId: 'nobody' }).expect(404)).body.error).to.equal(
      NOTICE_MESSAGES.clientNotFound,
    );
  });
});

describe('notices: when the register reports an estimate', () => {
  it('is exact up to the limit and the estimate above it, never below what was counted', () => {
    expect(totalOf(0, 10_000, null)).to.deep.equal({ total: 0, estimated: false });
    expect(totalOf(10_000, 10_000, null)).to.deep.equal({ total: 10_000, estimated: false });
    expect(totalOf(10_001, 10_000, 987_654.4)).to.deep.equal({ total: 987_654, estimated: true });
    expect(totalOf(10_001, 10_000, 40)).to.deep.equal({ total: 10_001, estimated: true });
  });
});
