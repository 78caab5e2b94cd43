import type { EntityActivity } from '../../../core/plugin-api';
import type { TaskActivity } from '../shared/wire';

/** The task activity log's actions (entity `TASK`, id the task's external id). */
export const TASK_ACTIONS = {
  created: 'task.created',
  updated: 'task.updated',
  reassigned: 'task.reassigned',
  deleted: 'task.deleted',
  commented: 'task.commented',
  attachmentAdded: 'task.attachment_added',
  attachmentRemoved: 'task.attachment_removed',
  repeatingStarted: 'task.series_started',
  seriesStopped: 'task.series_stopped',
  clientRemoved: 'task.client_removed',
} as const;

/** The fields a `task.updated` entry names, as people call them. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  dueDate: 'Due date',
  assignee: 'Assignee',
  client: 'Client',
  entity: 'Linked record',
};

const VALUE_LABELS: Record<string, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  BLOCKED: 'Blocked',
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};

const DAY = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

function shown(field: string, value: unknown): string {
  const given = text(value);
  if (!given) return 'none';
  if (field === 'dueDate') return DAY.format(new Date(`${given}T00:00:00Z`));
  return VALUE_LABELS[given] ?? given;
}

function updateSentence(metadata: Record<string, unknown>): string {
  const field = text(metadata.field) ?? '';
  const label = FIELD_LABELS[field] ?? field;
  // A description can run to pages: the entry says that it changed, not what it says.
  if (!('from' in metadata) && !('to' in metadata)) return `changed ${label}`;
  return `changed ${label} from ${shown(field, metadata.from)} to ${shown(field, metadata.to)}`;
}

function sentenceOf(action: string, metadata: Record<string, unknown>): string {
  switch (action) {
    case TASK_ACTIONS.created:
      return 'created the task';
    case TASK_ACTIONS.updated:
      return updateSentence(metadata);
    case TASK_ACTIONS.reassigned: {
      const from = text(metadata.from);
      const to = text(metadata.to) ?? 'nobody';
      return from ? `reassigned the task from ${from} to ${to}` : `assigned the task to ${to}`;
    }
    case TASK_ACTIONS.deleted:
      return 'deleted the task';
    case TASK_ACTIONS.commented:
      return 'commented';
    case TASK_ACTIONS.attachmentAdded:
      return `attached ${text(metadata.filename) ?? 'a file'}`;
    case TASK_ACTIONS.attachmentRemoved:
      return `removed the attachment ${text(metadata.filename) ?? ''}`.trim();
    case TASK_ACTIONS.repeatingStarted:
      return 'made the task repeat';
    case TASK_ACTIONS.seriesStopped:
      return 'stopped the series';
    case TASK_ACTIONS.clientRemoved:
      return text(metadata.clientName) ? `removed the client ${text(metadata.clientName)}, which was deleted` : 'removed the deleted client';
    default:
      return action.replace(/^task\./, '').replaceAll('_', ' ');
  }
}

/** The clients a viewer stands for (names and external ids), or null for staff, who may read every client's name. */
export interface ClientsShown {
  names: ReadonlySet<string>;
  externalIds: ReadonlySet<string>;
}

const ANOTHER_CLIENT = 'another client';
const ANOTHER_RECORD = 'another record';

/**
 * An entry as a CLIENT member may read it: a task's history may name the clients it was for before theirs (a client
 * change, a CLIENT link), which they are never told of.
 */
export function withOtherClientsHidden(entry: EntityActivity, shown: ClientsShown | null): EntityActivity {
  const { metadata } = entry;
  if (shown && entry.action === TASK_ACTIONS.clientRemoved && !shown.names.has(text(metadata.clientName) ?? '')) {
    return { ...entry, metadata: { ...metadata, clientName: null } };
  }
  if (!shown || entry.action !== TASK_ACTIONS.updated || (metadata.field !== 'client' && metadata.field !== 'entity')) return entry;
  const hide = (value: unknown) => {
    const given = text(value);
    if (!given) return value;
    if (metadata.field === 'client') return shown.names.has(given) ? given : ANOTHER_CLIENT;
    const [type, id] = given.split(' ');
    return type !== 'CLIENT' || (id && shown.externalIds.has(id)) ? given : ANOTHER_RECORD;
  };
  return { ...entry, metadata: { ...metadata, from: hide(metadata.from), to: hide(metadata.to) } };
}

export const taskActivityOf = (entry: EntityActivity): TaskActivity => ({
  id: String(entry.id),
  action: sentenceOf(entry.action, entry.metadata),
  performedAt: new Date(entry.createdAt).toISOString(),
  performedBy: entry.actorName ? { name: entry.actorName } : null,
  type: entry.action,
  metadata: entry.metadata,
});
