import { z } from 'zod';
import { NOTICE_DEPARTMENTS, NOTICE_MESSAGES, NOTICE_PRIORITIES, NOTICE_STATUSES, type NoticeFilters } from '../../shared/wire';
import { NoticeFilterPreference } from '../models';

/** Far more than the values there are: a longer list is a broken client, not a choice. */
const MAX_LISTED_VALUES = 20;

/** A list of wire values, kept in the wire's own order and each once, so two equal choices store equally. */
function valueList<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z
    .array(z.enum(values, { error: message }), { error: message })
    .max(MAX_LISTED_VALUES, message)
    .default([])
    .transform((chosen): T[] => values.filter((value) => chosen.includes(value)));
}

/** `PUT notices/filter-preference`: a list left out is saved as "no filter" on it. */
export const filterPreferenceSchema = z.object({
  departments: valueList(NOTICE_DEPARTMENTS, NOTICE_MESSAGES.invalidDepartment),
  priorities: valueList(NOTICE_PRIORITIES, NOTICE_MESSAGES.invalidPriority),
  statuses: valueList(NOTICE_STATUSES, NOTICE_MESSAGES.invalidStatus),
});

/** The member's saved filters of the notices list in this workspace, or null when they never saved any. */
export async function readFilterPreference(workspaceId: number, userId: number): Promise<NoticeFilters | null> {
  const saved = await NoticeFilterPreference.inWorkspace(workspaceId).where('user_id', userId).first();
  return saved ? { departments: saved.departments, priorities: saved.priorities, statuses: saved.statuses } : null;
}

export async function saveFilterPreference(workspaceId: number, userId: number, filters: NoticeFilters): Promise<NoticeFilters> {
  await NoticeFilterPreference.query()
    .insert({ workspaceId, userId, ...filters, updatedAt: new Date() })
    .onConflict(['workspace_id', 'user_id'])
    .merge();
  return filters;
}
