import { z } from 'zod';
import { queryWholeNumber } from '../plugin-api/input-fields';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_STATUSES, NOTIFICATION_STREAM_MODES } from './wire';

/** Queries of the notification routes (spec 2 section 7), one message per rule. No Node-only APIs here. */

export const MAX_NOTIFICATION_LIST_LIMIT = 100;
export const DEFAULT_BATCH_LIMIT = 10;
export const MAX_BATCH_LIMIT = 50;

export const NOTIFICATION_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${MAX_NOTIFICATION_LIST_LIMIT}`,
  batchLimit: `limit must be a whole number from 1 to ${MAX_BATCH_LIMIT}`,
  offset: 'offset must be a whole number of 0 or more',
  status: "status must be 'unread' or 'read'",
  mode: `mode must be ${NOTIFICATION_STREAM_MODES.map((mode) => `'${mode}'`).join(' or ')}`,
  entityType: 'entityType must be at most 64 letters, digits or underscores',
  lastEventId: 'Last-Event-ID must be a whole number of 0 or more',
} as const;

const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) => queryWholeNumber({ label: 'Number', min, max, message });

/** Status arrives as the list shows it (`unread`, `read`) or upper case (`READ`, as some callers send it). */
const status = z
  .string({ error: NOTIFICATION_MESSAGES.status })
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(NOTIFICATION_STATUSES, { error: NOTIFICATION_MESSAGES.status }));

const entityType = z
  .string({ error: NOTIFICATION_MESSAGES.entityType })
  .regex(/^\w{1,64}$/, NOTIFICATION_MESSAGES.entityType)
  .transform((value) => value.toUpperCase());

export const notificationListQuerySchema = z.object({
  limit: wholeNumber(NOTIFICATION_MESSAGES.limit, 1, MAX_NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_PAGE_SIZE),
  offset: wholeNumber(NOTIFICATION_MESSAGES.offset, 0).default(0),
  status: status.optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationBatchQuerySchema = z.object({
  entityType: entityType.optional(),
  limit: wholeNumber(NOTIFICATION_MESSAGES.batchLimit, 1, MAX_BATCH_LIMIT).default(DEFAULT_BATCH_LIMIT),
});
export type NotificationBatchQuery = z.infer<typeof notificationBatchQuerySchema>;

export const notificationStreamQuerySchema = z.object({
  mode: z.enum(NOTIFICATION_STREAM_MODES, { error: NOTIFICATION_MESSAGES.mode }).default('all'),
  entityType: entityType.optional(),
  /** For a new EventSource, which cannot send the `Last-Event-ID` header. */
  lastEventId: wholeNumber(NOTIFICATION_MESSAGES.lastEventId, 0).optional(),
});
export type NotificationStreamQuery = z.infer<typeof notificationStreamQuerySchema>;
