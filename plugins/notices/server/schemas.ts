import { z } from 'zod';
import { isCalendarDate, multilineText, queryWholeNumber, singleLineText } from '../../../core/plugin-api';
import {
  BULK_DIALOG_STATUSES,
  MAX_AMOUNT_PAISE,
  MAX_BULK_UPDATE,
  MAX_DESCRIPTION_LENGTH,
  MAX_NOTICE_PAGE_SIZE,
  MAX_NOTICE_TYPE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TAX_PERIOD_LENGTH,
  NOTICE_DEPARTMENTS,
  NOTICE_MESSAGES,
  NOTICE_PAGE_SIZE,
  NOTICE_PRIORITIES,
  NOTICE_SORT_FIELDS,
  NOTICE_STATUSES,
  type NoticeStatus,
} from '../shared/wire';

/** The request schemas of the notice register's routes (documented in shared/wire.ts). Unknown keys, such as the workspace's, are dropped. */

const MAX_ID_LENGTH = 100;
const MAX_SEARCH_LENGTH = 200;
const MAX_FILTER_LENGTH = 200;
const MAX_CONFIRMATION_LENGTH = MAX_REFERENCE_LENGTH + 50;
/** Far beyond any real register; it only keeps the number a number. */
const MAX_PAGE = 1_000_000;
const NO_FILTER = 'ALL';

const RUPEES = /^(\d{1,16})(?:\.(\d{1,2}))?$/;

/** '125000.50' -> 12500050, in integers so no paisa is ever rounded; null for anything that is not such an amount. */
export function rupeesToPaise(rupees: string): number | null {
  const match = RUPEES.exec(rupees);
  if (!match) return null;
  const paise = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  // The ceiling is far below 2^53, so the number the column is read back as stays exact.
  return paise <= BigInt(MAX_AMOUNT_PAISE) ? Number(paise) : null;
}

/** Forms send "" or null for "none". */
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** One message when the field is missing, another when it holds something else. */
const enumOf = <T extends string>(values: readonly [T, ...T[]], missing: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) });

const requiredText = (label: string, max: number, message: string) => singleLineText({ label, max, error: message }).trim().min(1, message);

const day = (label: string) =>
  z.preprocess(
    blankAsNull,
    singleLineText({ label, max: 10, error: NOTICE_MESSAGES.invalidDate(label), tooLong: NOTICE_MESSAGES.invalidDate(label) })
      .refine(isCalendarDate, NOTICE_MESSAGES.invalidDate(label))
      .nullable(),
  );

const amount = z.preprocess(
  blankAsNull,
  singleLineText({ label: 'Amount', max: 30, error: NOTICE_MESSAGES.invalidAmount, tooLong: NOTICE_MESSAGES.invalidAmount })
    .trim()
    .transform((value, context) => {
      const paise = rupeesToPaise(value);
      if (paise !== null) return paise;
      context.addIssue({ code: 'custom', message: NOTICE_MESSAGES.invalidAmount });
      return z.NEVER;
    })
    .nullable(),
);

const fields = {
  department: enumOf(NOTICE_DEPARTMENTS, NOTICE_MESSAGES.departmentRequired, NOTICE_MESSAGES.invalidDepartment),
  noticeType: requiredText('Notice type', MAX_NOTICE_TYPE_LENGTH, NOTICE_MESSAGES.noticeTypeRequired),
  // Stored trimmed: the unique index compares upper(reference), so stray spaces must never make a second copy.
  reference: requiredText('Reference', MAX_REFERENCE_LENGTH, NOTICE_MESSAGES.referenceRequired),
  description: z.preprocess((value) => value ?? '', multilineText({ label: 'Description', max: MAX_DESCRIPTION_LENGTH }).trim()),
  priority: enumOf(NOTICE_PRIORITIES, NOTICE_MESSAGES.invalidPriority, NOTICE_MESSAGES.invalidPriority),
  status: enumOf(NOTICE_STATUSES, NOTICE_MESSAGES.statusRequired, NOTICE_MESSAGES.invalidStatus),
  dateOfIssuance: day('Date of issuance'),
  dueDate: day('Due date'),
  targetDate: day('Target date'),
  taxPeriod: z.preprocess(blankAsNull, singleLineText({ label: 'Tax period', max: MAX_TAX_PERIOD_LENGTH }).trim().nullable()),
  amountDemanded: amount,
  assignedToExternalId: z.preprocess(blankAsNull, singleLineText({ label: 'Assignee', max: MAX_ID_LENGTH }).trim().nullable()),
};

export const createNoticeSchema = z.object({
  clientId: requiredText('Client', MAX_ID_LENGTH, NOTICE_MESSAGES.clientRequired),
  department: fields.department,
  noticeType: fields.noticeType,
  reference: fields.reference,
  description: fields.description,
  // Absent: the automatic priority, from the due date and the amount (see ai/automatic-priority.ts).
  priority: fields.priority.optional(),
  status: fields.status.default('NEW'),
  dateOfIssuance: fields.dateOfIssuance.optional(),
  dueDate: fields.dueDate.optional(),
  targetDate: fields.targetDate.optional(),
  taxPeriod: fields.taxPeriod.optional(),
  amountDemanded: fields.amountDemanded.optional(),
  assignedToExternalId: fields.assignedToExternalId.optional(),
});
export type CreateNoticeInput = z.output<typeof createNoticeSchema>;

/** Every field optional; null clears a date, the tax period, the amount or the assignee. */
export const updateNoticeSchema = z.object({
  department: fields.department.optional(),
  noticeType: fields.noticeType.optional(),
  reference: fields.reference.optional(),
  description: multilineText({ label: 'Description', max: MAX_DESCRIPTION_LENGTH }).trim().optional(),
  priority: fields.priority.optional(),
  status: fields.status.optional(),
  dateOfIssuance: fields.dateOfIssuance.optional(),
  dueDate: fields.dueDate.optional(),
  targetDate: fields.targetDate.optional(),
  taxPeriod: fields.taxPeriod.optional(),
  amountDemanded: fields.amountDemanded.optional(),
  assignedToExternalId: fields.assignedToExternalId.optional(),
});
export type UpdateNoticeInput = z.output<typeof updateNoticeSchema>;

/** A comma list of an enum; absent, empty or 'all' (any case) means no filter (null). */
function enumList<T extends string>(name: string, values: readonly T[]) {
  const message = NOTICE_MESSAGES.invalidFilter(name, values);
  return singleLineText({ label: name, max: MAX_FILTER_LENGTH, error: message, tooLong: message })
    .transform((value, context): T[] | null => {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (!items.length || items.some((item) => item.toUpperCase() === NO_FILTER)) return null;
      if (items.every((item): item is T => (values as readonly string[]).includes(item))) return [...new Set(items)];
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .optional()
    .transform((value) => value ?? null);
}

export const listQuerySchema = z.object({
  page: queryWholeNumber({ label: 'page', min: 1, max: MAX_PAGE, message: NOTICE_MESSAGES.invalidPage }).default(1),
  pageSize: queryWholeNumber({ label: 'pageSize', min: 1, max: MAX_NOTICE_PAGE_SIZE }).default(NOTICE_PAGE_SIZE),
  sortField: z.enum(NOTICE_SORT_FIELDS, { error: NOTICE_MESSAGES.invalidSortField }).default('dateOfIssuance'),
  sortDirection: z.enum(['asc', 'desc'], { error: NOTICE_MESSAGES.invalidSortDirection }).default('desc'),
  search: singleLineText({ label: 'Search', max: MAX_SEARCH_LENGTH })
    .trim()
    .optional()
    .transform((value) => value || null),
  noticeType: enumList('noticeType', NOTICE_DEPARTMENTS),
  priority: enumList('priority', NOTICE_PRIORITIES),
  status: enumList('status', NOTICE_STATUSES),
  clientId: singleLineText({ label: 'clientId', max: MAX_ID_LENGTH })
    .trim()
    .optional()
    .transform((value) => (value && value.toUpperCase() !== NO_FILTER ? value : null)),
});
export type NoticeListQuery = z.output<typeof listQuerySchema>;

export const allNoticesQuerySchema = z.object({
  clientId: singleLineText({ label: 'clientId', max: MAX_ID_LENGTH })
    .trim()
    .optional()
    .transform((value) => value || null),
});

export const bulkUpdateSchema = z.object({
  noticeIds: z
    .array(
      singleLineText({ label: 'noticeIds', max: MAX_ID_LENGTH, error: NOTICE_MESSAGES.bulkSomeMissing, tooLong: NOTICE_MESSAGES.bulkSomeMissing }),
      {
        error: NOTICE_MESSAGES.bulkNothingSelected,
      },
    )
    .min(1, NOTICE_MESSAGES.bulkNothingSelected)
    .max(MAX_BULK_UPDATE, NOTICE_MESSAGES.bulkTooMany),
  status: z
    .string({ error: NOTICE_MESSAGES.statusRequired })
    .refine((value): value is NoticeStatus => BULK_DIALOG_STATUSES.includes(value as NoticeStatus), NOTICE_MESSAGES.bulkStatusNotOffered)
    .transform((value) => value as NoticeStatus),
});

/** A missing confirmation is a wrong one: the service answers 422 for both. */
export const deleteSchema = z.object({
  confirmation: singleLineText({
    label: 'confirmation',
    max: MAX_CONFIRMATION_LENGTH,
    error: NOTICE_MESSAGES.deleteConfirmation,
    tooLong: NOTICE_MESSAGES.deleteConfirmation,
  })
    .optional()
    .transform((value) => value ?? ''),
});
