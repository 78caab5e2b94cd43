import { raw, type QueryBuilder } from 'objection';
import { badRequest, hasControlCharacters } from '../../../core/plugin-api';
import {
  MAX_TITLE_LENGTH,
  OPEN_TASK_STATUSES,
  TASK_MESSAGES,
  type SortOrder,
  type TaskPriority,
  type TaskSortField,
  type TaskStatus,
} from '../shared/wire';
import type { Task } from './models';
import type { ViewableTask } from './task-views';

/** What `GET tasks` narrows the list to, with every external id already resolved to its serial id. */
export interface TaskFilters {
  statuses: TaskStatus[] | null;
  priorities: TaskPriority[] | null;
  clientId: number | null;
  search: string | null;
  entity: { type: string; id: string } | null;
  /** Open tasks due within these calendar dates (inclusive). */
  dueBetween: { from: string; to: string } | null;
  assigneeUserId: number | null;
}

export interface TaskSort {
  field: TaskSortField;
  order: SortOrder;
}

/** Where the next page starts: the last row's sort value and id, under the sort it was made for. */
interface Cursor {
  sort: string;
  value: string | null;
  id: number;
}

/** The exact creation time as text: a JavaScript Date would drop PostgreSQL's microseconds and break ties. */
export const CREATED_AT_KEY = raw(`to_char(tasks.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`).as('created_at_key');
export type TaskWithKey = ViewableTask & { createdAtKey: string };

const sortKey = (sort: TaskSort) => `${sort.field}:${sort.order}`;
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (character) => `\\${character}`);

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function applyFilters(filters: TaskFilters) {
  return (query: QueryBuilder<Task, Task[]>) => {
    if (filters.statuses) query.whereIn('tasks.status', filters.statuses);
    if (filters.priorities) query.whereIn('tasks.priority', filters.priorities);
    if (filters.clientId !== null) query.where('tasks.client_id', filters.clientId);
    if (filters.search) query.whereRaw('tasks.search_text like lower(?)', [`%${escapeLike(filters.search)}%`]);
    if (filters.entity) query.where({ 'tasks.entity_type': filters.entity.type, 'tasks.entity_id': filters.entity.id });
    if (filters.assigneeUserId !== null) query.where('tasks.assigned_to', filters.assigneeUserId);
    if (filters.dueBetween) {
      query.whereIn('tasks.status', [...OPEN_TASK_STATUSES]).whereBetween('tasks.due_date', [filters.dueBetween.from, filters.dueBetween.to]);
    }
  };
}

/** Sort column then id, both in the sort's direction; due dates put nulls last ascending and first descending. */
export function applyOrder(sort: TaskSort) {
  return (query: QueryBuilder<Task, Task[]>) => {
    const { order } = sort;
    if (sort.field === 'title')
      query.orderBy([
        { column: 'tasks.title', order },
        { column: 'tasks.id', order },
      ]);
    else if (sort.field === 'createdAt')
      query.orderBy([
        { column: 'tasks.created_at', order },
        { column: 'tasks.id', order },
      ]);
    else query.orderByRaw(`tasks.due_date ${order} nulls ${order === 'asc' ? 'last' : 'first'}, tasks.id ${order}`);
  };
}

/** Rows after the cursor's, in the order of `applyOrder`. */
export function applyKeyset(sort: TaskSort, cursor: Cursor) {
  return (query: QueryBuilder<Task, Task[]>) => {
    const after = sort.order === 'asc' ? '>' : '<';
    const { value, id } = cursor;
    if (sort.field === 'title') query.whereRaw(`(tasks.title, tasks.id) ${after} (?, ?)`, [value, id]);
    else if (sort.field === 'createdAt') query.whereRaw(`(tasks.created_at, tasks.id) ${after} (?::timestamptz, ?)`, [value, id]);
    else if (sort.order === 'asc') {
      if (value === null) query.whereRaw('tasks.due_date is null and tasks.id > ?', [id]);
      else query.whereRaw('(tasks.due_date > ?::date or (tasks.due_date = ?::date and tasks.id > ?) or tasks.due_date is null)', [value, value, id]);
    } else if (value === null) query.whereRaw('((tasks.due_date is null and tasks.id < ?) or tasks.due_date is not null)', [id]);
    else query.whereRaw('(tasks.due_date < ?::date or (tasks.due_date = ?::date and tasks.id < ?))', [value, value, id]);
  };
}

function sortValueOf(sort: TaskSort, task: TaskWithKey): string | null {
  if (sort.field === 'title') return task.title;
  if (sort.field === 'createdAt') return task.createdAtKey;
  return task.dueDate;
}

export function encodeCursor(sort: TaskSort, task: TaskWithKey): string {
  const cursor: Cursor = { sort: sortKey(sort), value: sortValueOf(sort, task), id: task.id };
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A real instant or day of years 1-9999, so PostgreSQL's cast never fails on it (it has no year 0). */
const isRealDate = (iso: string) => !iso.startsWith('0000') && !Number.isNaN(Date.parse(iso)) && new Date(iso).toISOString() === iso;
const isCalendarDate = (value: string) => CALENDAR_DATE.test(value) && isRealDate(`${value}T00:00:00.000Z`);
const isInstant = (value: string) => INSTANT.test(value) && isRealDate(`${value.slice(0, 23)}Z`);

function valueFits(sort: TaskSort, value: unknown): boolean {
  if (sort.field === 'dueDate') return value === null || (typeof value === 'string' && isCalendarDate(value));
  if (typeof value !== 'string') return false;
  return sort.field === 'title' ? value.length <= MAX_TITLE_LENGTH && !hasControlCharacters(value) : isInstant(value);
}

/** 400 for anything this server did not hand out for this very sort. */
export function decodeCursor(sort: TaskSort, text: string): Cursor {
  const invalid = () => badRequest(TASK_MESSAGES.invalidCursor, { cursor: [TASK_MESSAGES.invalidCursor] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid();
  const { sort: key, value, id } = parsed as Record<string, unknown>;
  if (key !== sortKey(sort) || !Number.isSafeInteger(id) || (id as number) < 1 || !valueFits(sort, value)) throw invalid();
  return { sort: key, value: value as string | null, id: id as number };
}
