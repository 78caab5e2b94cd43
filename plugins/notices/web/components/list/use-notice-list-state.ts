import { useEffect, useMemo, useRef } from 'react';
import { useAddressParams, useDebouncedSearchParam } from '@axal/web-sdk/ui';
import { DEFAULT_NOTICE_FILTERS, NOTICE_SEARCH_DEBOUNCE_MS, type NoticeSortField } from '../../../shared/wire';
import { useFilterPreference, useSaveFilterPreference } from '../../api';
import {
  filtersFromParams,
  filtersKey,
  hasFilterParams,
  isFiltered,
  listRequestOf,
  nextSort,
  pageFromParams,
  SEARCH_PARAM,
  sortFromParams,
  toggleFilterValue,
  withFilters,
  withoutFilters,
  withPage,
  withSort,
  type FilterGroup,
} from './list-params';

/**
 * The notices list's filters, sort and page, kept in the address (spec 2 section 4). An address without filters
 * takes the member's saved preference, else the default (GST; New and In Progress), replacing the history entry;
 * filters that arrive in the address (a link, a reload, Back) or are chosen in the bar are saved as the preference.
 */
export function useNoticeListState(workspaceId: string) {
  const [params, setParams] = useAddressParams();
  const [searchInput, setSearchInput, search] = useDebouncedSearchParam(SEARCH_PARAM, NOTICE_SEARCH_DEBOUNCE_MS);
  const fromAddress = hasFilterParams(params);
  const preference = useFilterPreference(workspaceId, !fromAddress);
  const { mutate: savePreference } = useSaveFilterPreference(workspaceId);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const key = filtersKey(filters);
  // The filters last saved or applied from the preference: what the address holds then needs no saving.
  const settledKey = useRef<string | null>(null);

  useEffect(() => {
    if (fromAddress || preference.isPending) return;
    // A preference that could not be read counts as none: the list still opens, on the default filters.
    const chosen = preference.data ?? DEFAULT_NOTICE_FILTERS;
    settledKey.current = filtersKey(chosen);
    setParams((current) => withFilters(current, chosen, { resetPage: false }), { replace: true });
  }, [fromAddress, preference.isPending, preference.data, setParams]);

  useEffect(() => {
    if (!fromAddress || key === settledKey.current) return;
    settledKey.current = key;
    savePreference(filters);
  }, [fromAddress, key, filters, savePreference]);

  const sort = sortFromParams(params);
  return {
    /** False until the address holds the filters to show (the preference may still be loading). */
    ready: fromAddress,
    request: listRequestOf(workspaceId, params),
    filters,
    search,
    searchInput,
    setSearchInput,
    filtered: isFiltered(filters, search),
    sort,
    page: pageFromParams(params),
    toggleFilter: (group: FilterGroup, value: string) =>
      setParams((current) => withFilters(current, toggleFilterValue(filtersFromParams(current), group, value))),
    clearFilters: () => setParams(withoutFilters),
    sortBy: (field: NoticeSortField) => setParams((current) => withSort(current, nextSort(sortFromParams(current), field))),
    goToPage: (page: number) => setParams((current) => withPage(current, page)),
  };
}
