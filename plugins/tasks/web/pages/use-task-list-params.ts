import { useMemo } from 'react';
import { useAddressParams, useDebouncedSearchParam } from '@axal/web-sdk/ui';
import {
  TASK_PRIORITIES,
  TASK_SEARCH_DEBOUNCE_MS,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  type SortOrder,
  type TaskPriority,
  type TaskSortField,
  type TaskStatus,
} from '../../shared/wire';
import type { TaskListFilters } from '../api';

const oneOf = <Value extends string>(values: readonly Value[], value: string | null): Value | undefined =>
  values.includes(value as Value) ? (value as Value) : undefined;

/** The sortable columns of the table and the field each sorts by. */
export const SORTABLE_COLUMNS: Partial<Record<string, TaskSortField>> = { task: 'title', dueDate: 'dueDate' };

type ParamChanges = Record<string, string | undefined>;

/**
 * The list's filters and sort, kept in the address so a link or a reload shows the same list; unknown values are
 * ignored rather than sent. The search box writes the address after a pause (spec: 500 ms).
 */
export function useTaskListParams() {
  const [searchParams, setSearchParams] = useAddressParams();
  const [searchInput, setSearchInput, search] = useDebouncedSearchParam('search', TASK_SEARCH_DEBOUNCE_MS);
  const status = oneOf(TASK_STATUSES, searchParams.get('status'));
  const priority = oneOf(TASK_PRIORITIES, searchParams.get('priority'));
  const clientId = searchParams.get('clientId') || undefined;
  const upcoming = searchParams.get('filter') === 'upcoming';
  const sortField = oneOf(TASK_SORT_FIELDS, searchParams.get('sortField'));
  const sortOrder = oneOf<SortOrder>(['asc', 'desc'], searchParams.get('sortOrder'));

  const filters = useMemo<TaskListFilters>(
    () => ({
      search: search.trim() || undefined,
      status,
      priority,
      clientId,
      filter: upcoming ? 'upcoming' : undefined,
      sortField,
      sortOrder: sortField ? (sortOrder ?? 'asc') : undefined,
    }),
    [search, status, priority, clientId, upcoming, sortField, sortOrder],
  );

  /** Sets (or with undefined, removes) parameters, replacing the history entry as filters do. */
  const update = (changes: ParamChanges | ((current: URLSearchParams) => ParamChanges)) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(typeof changes === 'function' ? changes(current) : changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  return {
    filters,
    searchInput,
    setSearchInput,
    setStatus: (value: TaskStatus | undefined) => update({ status: value }),
    setPriority: (value: TaskPriority | undefined) => update({ priority: value }),
    setClientId: (value: string | undefined) => update({ clientId: value }),
    clearUpcoming: () => update({ filter: undefined }),
    /** The sorted column again turns the order round; another column starts ascending. */
    sortBy: (field: TaskSortField) =>
      update((current) => {
        const isSortedUp = current.get('sortField') === field && (current.get('sortOrder') ?? 'asc') === 'asc';
        return { sortField: field, sortOrder: isSortedUp ? 'desc' : 'asc' };
      }),
  };
}
