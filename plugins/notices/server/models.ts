import { WorkspaceScopedModel, WorkspaceScopedRow } from '../../../core/plugin-api';
import type { HearingMode, NoticeDepartment, NoticePriority, NoticeSource, NoticeStatus } from '../shared/wire';

/** The unique index of a client's references, in any case. */
const REFERENCE_INDEX = 'notices_reference_unique';

/** Whether a write failed on a reference the client has already; PostgreSQL names the index, wrapped by Objection or not. */
export const isDuplicateReference = (error: unknown) => (error as { constraint?: string } | null)?.constraint === REFERENCE_INDEX;

/** A tax or regulatory notice served on one of the firm's clients. */
export class Notice extends WorkspaceScopedModel {
  static override tableName = 'notices';
  clientId!: number;
  department!: NoticeDepartment;
  noticeType!: string;
  reference!: string;
  description!: string;
  priority!: NoticePriority;
  status!: NoticeStatus;
  /** `YYYY-MM-DD` calendar dates in Asia/Kolkata. */
  dateOfIssuance!: string | null;
  dueDate!: string | null;
  targetDate!: string | null;
  taxPeriod!: string | null;
  /** Rupees and paise as a whole number of paise (exact below 2^53 paise, about 90 lakh crore rupees). */
  amountPaise!: number | null;
  assignedTo!: number | null;
  source!: NoticeSource;
  summary!: string | null;
  actionItems!: string | null;
  draftReply!: string | null;
  /** False while the priority follows the reply-by date and the amount (nobody has picked one). */
  prioritySetByMember!: boolean;
  aiProvider!: 'AZURE_OPENAI' | 'BUILTIN' | null;
  aiModel!: string | null;
  aiProcessedAt!: Date | null;
  /** True while the analysis is a portal sync's own (description only), which its next analysis may replace. */
  aiBySync!: boolean;
  /** The connector's label ('Sandbox') of a notice a portal sync brought. */
  sourceLabel!: string | null;
  portalSyncedAt!: Date | null;
  createdBy!: number | null;
}

/** A personal hearing or a date to appear (in person, by video, or a written submission date). */
export class NoticeHearing extends WorkspaceScopedModel {
  static override tableName = 'notices_hearings';
  noticeId!: number;
  /** `YYYY-MM-DD`. */
  hearingDate!: string;
  /** `HH:MM` or null. */
  hearingTime!: string | null;
  mode!: HearingMode;
  notes!: string;
  createdBy!: number | null;
}

/** A member's saved filters of the notices list in one workspace. */
export class NoticeFilterPreference extends WorkspaceScopedRow {
  static override tableName = 'notices_filter_preferences';
  static override idColumn = ['workspace_id', 'user_id'];
  userId!: number;
  departments!: NoticeDepartment[];
  priorities!: NoticePriority[];
  statuses!: NoticeStatus[];
  updatedAt!: Date;
}

/** A NOTICE_DUE_SOON or NOTICE_OVERDUE already raised, so each is raised once per deadline, date and threshold. */
export class NoticeReminderSent extends WorkspaceScopedRow {
  static override tableName = 'notices_reminders_sent';
  static override idColumn = ['notice_id', 'kind', 'deadline', 'day', 'days_before'];
  noticeId!: number;
  kind!: 'NOTICE_DUE_SOON' | 'NOTICE_OVERDUE';
  deadline!: 'DUE' | 'TARGET';
  day!: string;
  daysBefore!: number;
}
