/**
 * The notices list's state as the address keeps it (spec 2 sections 2.9 and 4), as pure functions of
 * URLSearchParams so the rules are tested without a browser. `noticeType` (departments), `priority` and `status` are
 * comma lists of wire values, 'all' for none; `search`; `page` (absent = 1); `sortField` and `sortDirection`
 * (absent = dateOfIssuance, desc).
 */
import {
  DEFAULT_NOTICE_SORT,
  DEPARTMENT_LABELS,
  NOTICE_DEPARTMENTS,
  NOTICE_PRIORITIES,
  NOTICE_SORT_FIELDS,
  NOTICE_STATUSES,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type NoticeFilters,
  type NoticeListRequest,
  type NoticeSortField,
  type SortDirection,
} from '../../../shared/wire';

export type FilterGroup = keyof NoticeFilters;

export const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';
const SORT_FIELD_PARAM = 'sortField';
const SORT_DIRECTION_PARAM = 'sortDirection';
const NO_FILTER = 'all';

interface GroupDefinition {
  param: string;
  title: string;
  values: readonly string[];
  labels: Record<string, string>;
}

/** Each multi-select of the filters bar: its address parameter (the spec's names), its title and its values in order. */
export const FILTER_GROUPS: Record<FilterGroup, GroupDefinition> = {
  departments: { param: 'noticeType', title: 'Department', values: NOTICE_DEPARTMENTS, labels: DEPARTMENT_LABELS },
  priorities: { param: 'priority', title: 'Priority', values: NOTICE_PRIORITIES, labels: PRIORITY_LABELS },
  statuses: { param: 'status', title: 'Status', values: NOTICE_STATUSES, labels: STATUS_LABELS },
};
const GROUPS = Object.keys(FILTER_GROUPS) as FilterGroup[];

/** The list's own filters in the address: with any of them, the address decides (spec 2 section 4's initial load). */
export const hasFilterParams = (params: URLSearchParams): boolean =>
  params.has(SEARCH_PARAM) || GROUPS.some((group) => params.has(FILTER_GROUPS[group].param));

/** A comma list as the address holds it: unknown values are dropped, repeats kept once, in the list's own order. */
function valuesOf(group: FilterGroup, raw: string | null): string[] {
  const given = new Set((raw ?? '').split(',').map((value) => value.trim().toUpperCase()));
  return FILTER_GROUPS[group].values.filter((value) => given.has(value));
}

export function filtersFromParams(params: URLSearchParams): NoticeFilters {
  return {
    departments: valuesOf('departments', params.get(FILTER_GROUPS.departments.param)),
    priorities: valuesOf('priorities', params.get(FILTER_GROUPS.priorities.param)),
    statuses: valuesOf('statuses', params.get(FILTER_GROUPS.statuses.param)),
  } as NoticeFilters;
}

/**
 * The address with these filters: every group is written, 'all' when nothing is chosen, so a cleared list stays
 * cleared on reload instead of falling back to the saved preference. Other parameters are kept; the page is not.
 */
export function withFilters(params: URLSearchParams, filters: NoticeFilters, { resetPage = true } = {}): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const group of GROUPS) {
    const values = filters[group];
    next.set(FILTER_GROUPS[group].param, values.length > 0 ? values.join(',') : NO_FILTER);
  }
  if (resetPage) next.delete(PAGE_PARAM);
  return next;
}

/** Nothing chosen and no search: what "Clear all" leads to. */
export const NO_FILTERS: NoticeFilters = { departments: [], priorities: [], statuses: [] };

/** The address with no filter at all (the three groups 'all', no search), from page 1. */
export const withoutFilters = (params: URLSearchParams): URLSearchParams => {
  const next = withFilters(params, NO_FILTERS);
  next.delete(SEARCH_PARAM);
  return next;
};

/** The same filters, compared by value: what was saved is not saved again. */
export const filtersKey = (filters: NoticeFilters): string => GROUPS.map((group) => filters[group].join(',')).join('|');

export const isFiltered = (filters: NoticeFilters, search: string): boolean =>
  search.trim() !== '' || GROUPS.some((group) => filters[group].length > 0);

export function toggleFilterValue(filters: NoticeFilters, group: FilterGroup, value: string): NoticeFilters {
  const chosen = new Set<string>(filters[group]);
  if (!chosen.delete(value)) chosen.add(value);
  return { ...filters, [group]: FILTER_GROUPS[group].values.filter((candidate) => chosen.has(candidate)) };
}

export interface FilterChip {
  group: FilterGroup;
  value: string;
  /** "Department: GST". */
  label: string;
}

/** One removable chip per chosen value, in the bar's order. */
export const chipsOf = (filters: NoticeFilters): FilterChip[] =>
  GROUPS.flatMap((group) =>
    filters[group].map((value) => ({ group, value, label: `${FILTER_GROUPS[group].title}: ${FILTER_GROUPS[group].labels[value]}` })),
  );

export interface NoticeSort {
  sortField: NoticeSortField;
  sortDirection: SortDirection;
}

export function sortFromParams(params: URLSearchParams): NoticeSort {
  const field = params.get(SORT_FIELD_PARAM) as NoticeSortField;
  const direction = params.get(SORT_DIRECTION_PARAM);
  return {
    sortField: NOTICE_SORT_FIELDS.includes(field) ? field : DEFAULT_NOTICE_SORT.sortField,
    sortDirection: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_NOTICE_SORT.sortDirection,
  };
}

/** Spec 2 section 4: the sorted column again turns the order round; another column starts descending. */
export const nextSort = (current: NoticeSort, field: NoticeSortField): NoticeSort =>
  current.sortField === field
    ? { sortField: field, sortDirection: current.sortDirection === 'desc' ? 'asc' : 'desc' }
    : { sortField: field, sortDirection: 'desc' };

/** The address with a new sort, back on page 1 (spec 2 section 4). */
export function withSort(params: URLSearchParams, sort: NoticeSort): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SORT_FIELD_PARAM, sort.sortField);
  next.set(SORT_DIRECTION_PARAM, sort.sortDirection);
  next.delete(PAGE_PARAM);
  return next;
}

/** Page 1 unless the address names a whole number above it. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM) ?? '';
  return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : 1;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next;
}

/** `POST notices/list`'s body for what the address shows. */
export function listRequestOf(workspaceId: string, params: URLSearchParams): NoticeListRequest {
  const filters = filtersFromParams(params);
  const search = params.get(SEARCH_PARAM)?.trim();
  const list = (values: readonly string[]) => (values.length > 0 ? values.join(',') : NO_FILTER);
  return {
    workspaceId,
    page: pageFromParams(params),
    ...sortFromParams(params),
    ...(search ? { search } : {}),
    noticeType: list(filters.departments),
    priority: list(filters.priorities),
    status: list(filters.statuses),
  };
}
