import type { ActivityEntry, EntityActivity } from '../../../core/plugin-api';
import {
  HEARING_MODE_LABELS,
  NOTICE_ENTITY,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type HearingMode,
  type NoticeActivityView,
  type NoticePriority,
  type NoticeStatus,
} from '../shared/wire';

/**
 * One entry of a notice's history (core activity log, entity NOTICE, id the notice's external id): a stable action
 * for the workspace's audit trail, and the words the Activity card shows, fixed when it happened (a later rename of
 * a member or a client does not rewrite history).
 */
export interface NoticeActivity {
  action: `notice.${string}`;
  text: string;
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-31' -> '31 Mar 2026'; 'none' for no date. */
export const dayInWords = (day: string | null) => (day ? DAY.format(new Date(`${day}T00:00:00Z`)) : 'none');

/** '1 notice', '3 notices'; `many` for a plural that is not `one` + s. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const changed = (label: string, from: string, to: string): NoticeActivity => ({
  action: 'notice.updated',
  text: `${label} changed from ${from} to ${to}`,
});

/** The words of every entry, the other parts of the plugin included, so the card reads as one voice. */
export const noticeActivity = {
  added: (): NoticeActivity => ({ action: 'notice.created', text: 'Notice added' }),
  imported: (fileName: string): NoticeActivity => ({ action: 'notice.imported', text: `Imported from ${fileName}` }),
  status: (from: NoticeStatus, to: NoticeStatus) => changed('Status', STATUS_LABELS[from], STATUS_LABELS[to]),
  priority: (from: NoticePriority, to: NoticePriority) => changed('Priority', PRIORITY_LABELS[from], PRIORITY_LABELS[to]),
  date: (label: string, from: string | null, to: string | null) => changed(label, dayInWords(from), dayInWords(to)),
  text: (label: string, from: string | null, to: string | null) => changed(label, from || 'none', to || 'none'),
  /** A description can run to pages: the entry says that it changed, not what it says. */
  description: (): NoticeActivity => ({ action: 'notice.updated', text: 'Description changed' }),
  assigned: (to: string | null): NoticeActivity => ({ action: 'notice.assigned', text: to ? `Assigned to ${to}` : 'Unassigned' }),
  hearingAdded: (day: string, time: string | null, mode: HearingMode): NoticeActivity => ({
    action: 'notice.hearing_added',
    text: `Hearing added for ${dayInWords(day)}${time ? ` at ${time}` : ''} (${HEARING_MODE_LABELS[mode]})`,
  }),
  hearingRemoved: (day: string, time: string | null, mode: HearingMode): NoticeActivity => ({
    action: 'notice.hearing_removed',
    text: `Hearing removed for ${dayInWords(day)}${time ? ` at ${time}` : ''} (${HEARING_MODE_LABELS[mode]})`,
  }),
  attachmentAdded: (fileName: string): NoticeActivity => ({ action: 'notice.attachment_added', text: `Attachment added: ${fileName}` }),
  attachmentRemoved: (fileName: string): NoticeActivity => ({ action: 'notice.attachment_removed', text: `Attachment removed: ${fileName}` }),
  taskGenerated: (title: string): NoticeActivity => ({ action: 'notice.task_generated', text: `Task generated: ${title}` }),
  deleted: (reference: string): NoticeActivity => ({ action: 'notice.deleted', text: `Notice ${reference} deleted` }),
  /** The AI analysis, naming its provider and what it filled, changed and could not read. */
  aiProcessed: (providerLabel: string, parts: { filled: string[]; details: string[]; unread: string[] }): NoticeActivity => {
    const said = [
      ...(parts.filled.length ? [`filled ${parts.filled.join(', ')}`] : []),
      ...parts.details,
      ...(parts.unread.length ? [`could not read ${parts.unread.join(', ')}`] : []),
    ];
    return { action: 'notice.ai_processed', text: `Processed with AI (${providerLabel})${said.length ? `: ${said.join('; ')}` : ''}` };
  },
};

/** Who an entry names when no member did it (`metadata.performedBy`), e.g. the portal sync's analysis. */
export const PORTAL_SYNC_PERFORMER = 'Portal sync';

/** An entry of a notice's history by the portal sync, which is no member. */
export const portalSyncEntry = (workspaceId: number, noticeExternalId: string, entry: NoticeActivity): ActivityEntry => ({
  workspaceId,
  actorUserId: null,
  action: entry.action,
  entityType: NOTICE_ENTITY,
  entityId: noticeExternalId,
  metadata: { text: entry.text, performedBy: PORTAL_SYNC_PERFORMER },
});

export const noticeActivityViewOf = (entry: EntityActivity): NoticeActivityView => ({
  id: String(entry.id),
  action: typeof entry.metadata.text === 'string' ? entry.metadata.text : entry.action,
  performedBy: entry.actorName
    ? { name: entry.actorName }
    : typeof entry.metadata.performedBy === 'string'
      ? { name: entry.metadata.performedBy }
      : null,
  createdAt: new Date(entry.createdAt).toISOString(),
});
