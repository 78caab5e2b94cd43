import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type { NoticeDepartment, NoticePriority, NoticeSortField, NoticeStatus, SortDirection } from '../shared/wire';
import { Notice } from './models';

/** What `POST notices/list` narrows the register to, every external id already resolved to its serial id. */
export interface NoticeFilters {
  departments: NoticeDepartment[] | null;
  priorities: NoticePriority[] | null;
  statuses: NoticeStatus[] | null;
  /** The CLIENT rule's clients (null for staff). */
  visibleClientIds: number[] | null;
  clientId: number | null;
  /** Matched against notice type, reference and description, and against the clients in `searchClientIds`. */
  search: string | null;
  searchClientIds: number[];
}

export interface NoticeSort {
  field: NoticeSortField;
  direction: SortDirection;
}

const UNION_ALL = ' union all ';

const SORT_COLUMNS: Record<NoticeSortField, string> = { dateOfIssuance: 'notices.date_of_issuance', dueDate: 'notices.due_date' };

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The expression of the trigram index `notices_search_trgm`, so a search can use it. */
const SEARCHED_TEXT = `(notices.notice_type || ' ' || notices.reference || ' ' || notices.description)`;

export function applyFilters(filters: NoticeFilters) {
  return (query: QueryBuilder<Notice, Notice[]>) => {
    if (filters.visibleClientIds) query.whereIn('notices.client_id', filters.visibleClientIds);
    if (filters.clientId !== null) query.where('notices.client_id', filters.clientId);
    if (filters.departments) query.whereIn('notices.department', filters.departments);
    if (filters.priorities) query.whereIn('notices.priority', filters.priorities);
    if (filters.statuses) query.whereIn('notices.status', filters.statuses);
    const { search, searchClientIds } = filters;
    if (search)
      query.where((matches) => {
        matches.whereRaw(`${SEARCHED_TEXT} ilike ?`, [`%${escapeLike(search)}%`]);
        if (searchClientIds.length) matches.orWhereIn('notices.client_id', searchClientIds);
      });
  };
}

const orderOf = (column: string, idColumn: string, direction: SortDirection) => `${column} ${direction} nulls last, ${idColumn} ${direction}`;

/** Sort column, then id in the same direction, nulls last either way (for short lists that need no paging). */
export function applyOrder(sort: NoticeSort) {
  return (query: QueryBuilder<Notice, Notice[]>) => {
    query.orderByRaw(orderOf(SORT_COLUMNS[sort.field], 'notices.id', sort.direction));
  };
}

/**
 * The rows of one page, in order. Offset paging over a filtered list would otherwise read every skipped row that the
 * filters drop (page 500 of 'GST, New or In Progress' in a million notices: ~77,000 index entries). Instead each
 * (department, status) pair reads its own slice of an index kept in that pair's sort order
 * (`notices_filtered_*`), and PostgreSQL merges the slices (Merge Append), so a page costs about its offset plus
 * its size in index entries whatever the filters: at most 15 slices, each stopping at `offset + size`. Only the
 * page's ids come from the slices (index-only scans); its rows are joined to them in the same query.
 */
export async function pageRows(
  knex: Knex,
  workspaceId: number,
  matching: () => QueryBuilder<Notice, Notice[]>,
  pairs: { departments: readonly NoticeDepartment[]; statuses: readonly NoticeStatus[] },
  sort: NoticeSort,
  page: { offset: number; size: number },
): Promise<Notice[]> {
  const slices = pairs.departments.flatMap((department) =>
    pairs.statuses.map((status) =>
      matching()
        .where({ 'notices.department': department, 'notices.status': status })
        .select('notices.id', knex.raw(`${SORT_COLUMNS[sort.field]} as sort_value`))
        .orderByRaw(orderOf(SORT_COLUMNS[sort.field], 'notices.id', sort.direction))
        .limit(page.offset + page.size)
        .toKnexQuery()
        .toSQL(),
    ),
  );
  const sliceUnion = slices.map((slice) => `(${slice.sql})`).join(UNION_ALL);
  const pageOfIds = `select id, sort_value from (${sliceUnion}) as slices
    order by ${orderOf('sort_value', 'id', sort.direction)} limit ? offset ?`;
  return Notice.inWorkspace(workspaceId)
    .joinRaw(`join (${pageOfIds}) as page on page.id = notices.id`, [...slices.flatMap((slice) => slice.bindings), page.size, page.offset])
    .select('notices.*')
    .orderByRaw(orderOf('page.sort_value', 'page.id', sort.direction));
}

export interface NoticeTotal {
  total: number;
  estimated: boolean;
}

/**
 * The total a page reports: exact up to `exactLimit` matches (counted over at most `exactLimit + 1` rows, so the
 * cost stays bounded), above it the planner's estimate, never less than the count already seen.
 */
export function totalOf(counted: number, exactLimit: number, plannerEstimate: number | null): NoticeTotal {
  if (counted <= exactLimit) return { total: counted, estimated: false };
  return { total: Math.max(Math.round(plannerEstimate ?? 0), exactLimit + 1), estimated: true };
}

/** How many rows match, counting no further than `exactLimit + 1`; beyond that the planner is asked. */
export async function countMatches(knex: Knex, matching: QueryBuilder<Notice, Notice[]>, exactLimit: number): Promise<NoticeTotal> {
  const capped = matching
    .clone()
    .clearSelect()
    .clearOrder()
    .select(knex.raw('1'))
    .limit(exactLimit + 1)
    .toKnexQuery();
  const [row] = await knex.from(capped.as('matches')).count({ count: '*' });
  const counted = Number(row?.count ?? 0);
  return totalOf(counted, exactLimit, counted > exactLimit ? await plannerRows(knex, matching) : null);
}

async function plannerRows(knex: Knex, matching: QueryBuilder<Notice, Notice[]>): Promise<number> {
  const { sql, bindings } = matching.clone().clearSelect().clearOrder().select('notices.id').toKnexQuery().toSQL();
  const explained = await knex.raw(`explain (format json) ${sql}`, bindings);
  const plan = explained.rows[0]?.['QUERY PLAN']?.[0]?.Plan as { 'Plan Rows'?: number } | undefined;
  return plan?.['Plan Rows'] ?? 0;
}
