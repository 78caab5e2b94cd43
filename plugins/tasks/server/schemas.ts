import { z } from 'zod';
import { multilineText, queryWholeNumber, singleLineText } from '../../../core/plugin-api';
import {
  DEFAULT_TASK_PAGE_SIZE,
  MAX_COMMENT_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_TASK_PAGE_SIZE,
  MAX_TITLE_LENGTH,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
} from '../shared/wire';
import { dueDateOf } from './due-date';
import { recurrenceSchema } from './series/recurrence';

/** The request schemas of the task routes (documented in shared/wire.ts). Unknown keys, such as the workspace's, are dropped. */

const MAX_ID_LENGTH = 100;
const MAX_ENTITY_TYPE_LENGTH = 50;
const MAX_ENTITY_ID_LENGTH = 200;
const MAX_SEARCH_LENGTH = 200;
const MAX_CURSOR_LENGTH = 1000;
const MAX_CONFIRMATION_LENGTH = 500;
const ALL = 'ALL';

/** Forms send "" or null for "none". */
const blankAsNull = (value: unknown) => (value === '' ? null : value);

/** Zero-width characters, which `trim` keeps: text of them alone shows as blank. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060]/g;
const hasVisibleText = (value: string) => value.replace(ZERO_WIDTH, '').trim().length > 0;

const title = singleLineText({ label: 'Title', max: MAX_TITLE_LENGTH, error: TASK_MESSAGES.titleRequired })
  .trim()
  .refine(hasVisibleText, TASK_MESSAGES.titleRequired);
const description = multilineText({ label: 'Description', max: MAX_DESCRIPTION_LENGTH, error: TASK_MESSAGES.descriptionRequired })
  .trim()
  .refine(hasVisibleText, TASK_MESSAGES.descriptionRequired);
const status = z.enum(TASK_STATUSES, { error: TASK_MESSAGES.invalidStatus });
const priority = z.enum(TASK_PRIORITIES, { error: TASK_MESSAGES.invalidPriority });
const assignee = singleLineText({ label: 'Assignee', max: MAX_ID_LENGTH, error: TASK_MESSAGES.assigneeRequired })
  .trim()
  .min(1, TASK_MESSAGES.assigneeRequired);

/** `YYYY-MM-DD` or an ISO date-time, read as its Asia/Kolkata calendar date; null or "" for none. */
const dueDate = z.preprocess(
  blankAsNull,
  singleLineText({ label: 'Due date', max: 40, error: TASK_MESSAGES.invalidDueDate })
    .transform((value, context) => {
      const day = dueDateOf(value.trim());
      if (day) return day;
      context.addIssue({ code: 'custom', message: TASK_MESSAGES.invalidDueDate });
      return z.NEVER;
    })
    .nullable(),
);

const clientExternalId = z.preprocess(
  blankAsNull,
  singleLineText({ label: 'Client', max: MAX_ID_LENGTH, error: TASK_MESSAGES.clientNotFound }).nullable(),
);
const entityType = z.preprocess(blankAsNull, singleLineText({ label: 'entityType', max: MAX_ENTITY_TYPE_LENGTH }).trim().nullable());
const entityId = z.preprocess(blankAsNull, singleLineText({ label: 'entityId', max: MAX_ENTITY_ID_LENGTH }).trim().nullable());

/** Both or neither: a task links to a record only by its type and id together. */
function entityTogether(value: { entityType?: string | null; entityId?: string | null }): boolean {
  const hasType = value.entityType !== undefined && value.entityType !== null;
  const hasId = value.entityId !== undefined && value.entityId !== null;
  return hasType === hasId;
}
const entityIssue = { message: TASK_MESSAGES.entityIncomplete, path: ['entityId'] };

export const createTaskSchema = z
  .object({
    title,
    description,
    status: status.default('PENDING'),
    priority: priority.default('MEDIUM'),
    dueDate: dueDate.optional(),
    assignedToExternalId: assignee,
    clientExternalId: clientExternalId.optional(),
    entityType: entityType.optional(),
    entityId: entityId.optional(),
    recurrence: recurrenceSchema.optional(),
  })
  .refine(entityTogether, entityIssue);

export type CreateTaskInput = z.output<typeof createTaskSchema>;

export const updateTaskSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    status: status.optional(),
    priority: priority.optional(),
    dueDate: dueDate.optional(),
    assignedToExternalId: assignee.optional(),
    clientExternalId: clientExternalId.optional(),
    entityType: entityType.optional(),
    entityId: entityId.optional(),
    applyTo: z.enum(['THIS', 'SERIES'], { error: 'applyTo must be THIS or SERIES' }).default('THIS'),
    recurrence: recurrenceSchema.optional(),
  })
  .refine((value) => (value.entityType === undefined) === (value.entityId === undefined) && entityTogether(value), entityIssue);

export type UpdateTaskInput = z.output<typeof updateTaskSchema>;

/** One value or a comma list of an enum; `ALL` or nothing means no filter (null). */
function enumList<T extends string>(values: readonly T[], message: string) {
  return singleLineText({ label: 'filter', max: 200, error: message })
    .transform((value, context): T[] | null => {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (!items.length || items.includes(ALL)) return null;
      if (items.every((item): item is T => (values as readonly string[]).includes(item))) return [...new Set(items)];
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional()
    .transform((value) => value ?? null);
}

export const listQuerySchema = z
  .object({
    status: enumList(TASK_STATUSES, TASK_MESSAGES.invalidStatus),
    priority: enumList(TASK_PRIORITIES, TASK_MESSAGES.invalidPriority),
    clientId: singleLineText({ label: 'clientId', max: MAX_ID_LENGTH })
      .trim()
      .optional()
      .transform((value) => (value && value !== ALL ? value : null)),
    search: singleLineText({ label: 'Search', max: MAX_SEARCH_LENGTH })
      .trim()
      .optional()
      .transform((value) => value || null),
    sortField: z.enum(TASK_SORT_FIELDS, { error: TASK_MESSAGES.invalidSortField }).optional(),
    sortOrder: z.enum(['asc', 'desc'], { error: TASK_MESSAGES.invalidSortOrder }).optional(),
    entityType: singleLineText({ label: 'entityType', max: MAX_ENTITY_TYPE_LENGTH }).trim().optional(),
    entityId: singleLineText({ label: 'entityId', max: MAX_ENTITY_ID_LENGTH }).trim().optional(),
    filter: z.enum(['upcoming'], { error: TASK_MESSAGES.invalidListFilter }).optional(),
    assignedTo: z.enum(['me'], { error: TASK_MESSAGES.invalidAssignedToFilter }).optional(),
    limit: queryWholeNumber({ label: 'limit', min: 1, max: MAX_TASK_PAGE_SIZE }).default(DEFAULT_TASK_PAGE_SIZE),
    cursor: singleLineText({
      label: 'cursor',
      max: MAX_CURSOR_LENGTH,
      error: TASK_MESSAGES.invalidCursor,
      tooLong: TASK_MESSAGES.invalidCursor,
    }).optional(),
  })
  .refine((value) => !value.entityType === !value.entityId, entityIssue);

export type TaskListQuery = z.output<typeof listQuerySchema>;

export const bulkDeleteSchema = z.object({
  confirmation: z.string({ error: TASK_MESSAGES.bulkConfirmation }).max(MAX_CONFIRMATION_LENGTH, TASK_MESSAGES.bulkConfirmation),
  // How many, and whether each is a task, is checked after the workspace name: anything that is not a task id is
  // answered as a task that is not there (404), as on the one-task routes.
  ids: z
    .array(z.unknown(), { error: TASK_MESSAGES.bulkNothingSelected })
    .transform((ids) => ids.map((id) => (typeof id === 'string' && id.length <= MAX_ID_LENGTH ? id : ''))),
});

export const commentSchema = z.object({
  content: multilineText({ label: 'Comment', max: MAX_COMMENT_LENGTH, error: TASK_MESSAGES.commentEmpty })
    .trim()
    .refine(hasVisibleText, TASK_MESSAGES.commentEmpty),
});

export const attachmentSchema = z.object({
  documentId: singleLineText({ label: 'Document', max: MAX_ID_LENGTH, error: TASK_MESSAGES.documentRequired })
    .trim()
    .min(1, TASK_MESSAGES.documentRequired),
});
