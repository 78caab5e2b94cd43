import { expect } from 'chai';
import { DEFAULT_NOTICE_FILTERS, type NoticeView } from '../shared/wire';
import {
  chipsOf,
  filtersFromParams,
  filtersKey,
  hasFilterParams,
  isFiltered,
  listRequestOf,
  nextSort,
  NO_FILTERS,
  pageFromParams,
  sortFromParams,
  toggleFilterValue,
  withFilters,
  withoutFilters,
  withPage,
  withSort,
} from '../web/components/list/list-params';
import {
  amountOf,
  clientTypeLabel,
  credentialPlatformOf,
  formatAmount,
  formatNoticeDate,
  formatTableDate,
  isOverdue,
  noticeTitle,
  workspacePaths,
} from '../web/notice-display';

const params = (query: string) => new URLSearchParams(query);
const client = (credentials: { platformName: string }[]): Pick<NoticeView, 'client'> => ({
  client: { externalId: 'c1', name: 'Sharma Traders', clientType: 'BUSINESS', credentials },
});

describe('notices web: display helpers', () => {
  it('writes table dates in en-IN and N/A when there is none, other dates as dd MMM yyyy or Not specified', () => {
    expect(formatTableDate('2026-03-31')).to.equal('31/3/2026');
    expect(formatTableDate(null)).to.equal('N/A');
    expect(formatTableDate('')).to.equal('N/A');
    expect(formatTableDate('not a date')).to.equal('Invalid date');
    expect(formatNoticeDate('2026-03-05')).to.equal('05 Mar 2026');
    expect(formatNoticeDate(null)).to.equal('Not specified');
    expect(formatNoticeDate('soon')).to.equal('Invalid date');
    expect(formatNoticeDate(undefined, 'N/A')).to.equal('N/A');
  });

  it('writes amounts in rupees with Indian grouping, exactly, from the wire string', () => {
    expect(formatAmount('125000.50')).to.equal('₹1,25,000.50');
    expect(formatAmount('999')).to.equal('₹999.00');
    expect(formatAmount('1000')).to.equal('₹1,000.00');
    expect(formatAmount('0.5')).to.equal('₹0.50');
    expect(formatAmount('12345678901234.99')).to.equal('₹1,23,45,67,89,01,234.99');
    expect(formatAmount('007500')).to.equal('₹7,500.00');
    expect(formatAmount(null)).to.equal('Not specified');
    expect(formatAmount(null, 'N/A')).to.equal('N/A');
  });

  it('reads an amount as typed into the form: grouping and the rupee sign allowed, at most two decimals', () => {
    expect(amountOf('1,25,000.50')).to.equal('125000.50');
    expect(amountOf('₹ 125000')).to.equal('125000');
    expect(amountOf('  ')).to.equal(null);
    expect(amountOf('12.345')).to.equal(undefined);
    expect(amountOf('-5')).to.equal(undefined);
    expect(amountOf('1e5')).to.equal(undefined);
  });

  it("names the Department column by the client's first credential's platform, else N/A", () => {
    expect(credentialPlatformOf(client([{ platformName: 'GST Portal' }, { platformName: 'Income Tax Portal' }]))).to.equal('GST Portal');
    expect(credentialPlatformOf(client([]))).to.equal('N/A');
    expect(credentialPlatformOf(client([{ platformName: 'INCOME_TAX' }]))).to.equal('Income Tax');
    expect(credentialPlatformOf(client([{ platformName: 'GST' }]))).to.equal('GST');
  });

  it('knows overdue notices, client types, titles and paths', () => {
    const today = '2026-04-10';
    expect(isOverdue({ status: 'NEW', dueDate: '2026-04-09' }, today)).to.equal(true);
    expect(isOverdue({ status: 'PENDING', dueDate: '2026-04-10' }, today)).to.equal(false);
    expect(isOverdue({ status: 'RESOLVED', dueDate: '2026-01-01' }, today)).to.equal(false);
    expect(isOverdue({ status: 'NEW', dueDate: null }, today)).to.equal(false);
    expect(clientTypeLabel('INDIVIDUAL')).to.equal('Individual');
    expect(clientTypeLabel('TRUST')).to.equal('TRUST');
    expect(noticeTitle({ noticeType: 'ASMT-10', reference: 'ZD270326000123' })).to.equal('ASMT-10 · ZD270326000123');
    expect(workspacePaths('w1').notice('n1')).to.equal('/w/w1/notices/n1');
    expect(workspacePaths('w1').client('c1')).to.equal('/w/w1/clients/c1');
  });
});

describe('notices web: the list in the address', () => {
  it('has filters when any of search, noticeType, priority or status is there, even as all', () => {
    expect(hasFilterParams(params(''))).to.equal(false);
    expect(hasFilterParams(params('page=2&sortField=dueDate&sortDirection=asc'))).to.equal(false);
    expect(hasFilterParams(params('status=all'))).to.equal(true);
    expect(hasFilterParams(params('search=ASMT'))).to.equal(true);
    expect(hasFilterParams(params('noticeType=GST'))).to.equal(true);
  });

  it('reads comma lists of wire values, dropping unknown ones and repeats, all or absent meaning none', () => {
    expect(filtersFromParams(params('noticeType=INCOME_TAX,GST,BOGUS,GST&priority=all&status=new,IN_PROGRESS'))).to.deep.equal({
      departments: ['GST', 'INCOME_TAX'],
      priorities: [],
      statuses: ['NEW', 'IN_PROGRESS'],
    });
    expect(filtersFromParams(params(''))).to.deep.equal(NO_FILTERS);
  });

  it('writes every group, all for none, keeps the sort and search and goes back to page 1', () => {
    const written = withFilters(params('search=drc&page=3&sortField=dueDate&sortDirection=asc'), DEFAULT_NOTICE_FILTERS);
    expect(written.get('noticeType')).to.equal('GST');
    expect(written.get('priority')).to.equal('all');
    expect(written.get('status')).to.equal('NEW,IN_PROGRESS');
    expect(written.get('search')).to.equal('drc');
    expect(written.get('sortField')).to.equal('dueDate');
    expect(written.has('page')).to.equal(false);
    expect(withFilters(params('page=3'), NO_FILTERS, { resetPage: false }).get('page')).to.equal('3');
    expect(filtersFromParams(written)).to.deep.equal(DEFAULT_NOTICE_FILTERS);
  });

  it('clears all: every group all and no search, so a reload keeps it cleared', () => {
    const cleared = withoutFilters(params('search=drc&noticeType=GST&status=NEW&page=2'));
    expect(cleared.toString()).to.equal('noticeType=all&status=all&priority=all');
    expect(hasFilterParams(cleared)).to.equal(true);
    expect(isFiltered(filtersFromParams(cleared), '')).to.equal(false);
    expect(isFiltered(NO_FILTERS, ' drc ')).to.equal(true);
  });

  it('toggles a value in the list order, and gives one chip per chosen value', () => {
    const once = toggleFilterValue(DEFAULT_NOTICE_FILTERS, 'statuses', 'EXPIRED');
    expect(once.statuses).to.deep.equal(['NEW', 'IN_PROGRESS', 'EXPIRED']);
    expect(toggleFilterValue(once, 'statuses', 'NEW').statuses).to.deep.equal(['IN_PROGRESS', 'EXPIRED']);
    expect(toggleFilterValue(NO_FILTERS, 'departments', 'INCOME_TAX').departments).to.deep.equal(['INCOME_TAX']);
    expect(chipsOf({ departments: ['INCOME_TAX'], priorities: ['HIGH'], statuses: ['IN_PROGRESS'] }).map((chip) => chip.label)).to.deep.equal([
      'Department: Income Tax',
      'Priority: High',
      'Status: In Progress',
    ]);
    expect(filtersKey(DEFAULT_NOTICE_FILTERS)).to.equal(filtersKey({ departments: ['GST'], priorities: [], statuses: ['NEW', 'IN_PROGRESS'] }));
    expect(filtersKey(DEFAULT_NOTICE_FILTERS)).to.not.equal(filtersKey(NO_FILTERS));
  });

  it('sorts by date of issuance descending by default; the sorted column toggles, a new one starts descending, on page 1', () => {
    const initial = sortFromParams(params('sortField=title&sortDirection=sideways'));
    expect(initial).to.deep.equal({ sortField: 'dateOfIssuance', sortDirection: 'desc' });
    expect(nextSort(initial, 'dateOfIssuance')).to.deep.equal({ sortField: 'dateOfIssuance', sortDirection: 'asc' });
    expect(nextSort({ sortField: 'dateOfIssuance', sortDirection: 'asc' }, 'dateOfIssuance').sortDirection).to.equal('desc');
    expect(nextSort({ sortField: 'dateOfIssuance', sortDirection: 'asc' }, 'dueDate')).to.deep.equal({ sortField: 'dueDate', sortDirection: 'desc' });
    const sorted = withSort(params('status=NEW&page=4'), { sortField: 'dueDate', sortDirection: 'desc' });
    expect(sorted.has('page')).to.equal(false);
    expect(sortFromParams(sorted)).to.deep.equal({ sortField: 'dueDate', sortDirection: 'desc' });
  });

  it('reads the page as a whole number from 1 and writes page 1 as no parameter', () => {
    expect(pageFromParams(params('page=7'))).to.equal(7);
    expect(pageFromParams(params('page=0'))).to.equal(1);
    expect(pageFromParams(params('page=-2'))).to.equal(1);
    expect(pageFromParams(params('page=2.5'))).to.equal(1);
    expect(pageFromParams(params('page=abc'))).to.equal(1);
    expect(withPage(params('page=3&status=NEW'), 1).toString()).to.equal('status=NEW');
    expect(withPage(params('status=NEW'), 2).get('page')).to.equal('2');
  });

  it('asks POST notices/list for what the address shows', () => {
    expect(
      listRequestOf('w1', params('noticeType=GST&priority=all&status=NEW,IN_PROGRESS&search=%20DRC%20&page=2&sortField=dueDate&sortDirection=asc')),
    ).to.deep.equal({
      workspaceId: 'w1',
      page: 2,
      sortField: 'dueDate',
      sortDirection: 'asc',
      search: 'DRC',
      noticeType: 'GST',
      priority: 'all',
      status: 'NEW,IN_PROGRESS',
    });
    expect(listRequestOf('w1', params('status=all&search=%20'))).to.deep.equal({
      workspaceId: 'w1',
      page: 1,
      sortField: 'dateOfIssuance',
      sortDirection: 'desc',
      noticeType: 'all',
      priority: 'all',
      status: 'all',
    });
  });
});
