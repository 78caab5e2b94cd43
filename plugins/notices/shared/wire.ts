/**
 * The notices plugin as it crosses the wire (spec 2 sections 2.9-2.11, 3, 4, 5, 7, 8, 9; spec 1 sections 2.7 and
 * 2.9): one definition for the server and the web remote. No Node-only APIs here.
 *
 * Every path is relative to `{app}/api/v1/`. Every call names its workspace by external id in the query
 * (`workspaceId` or `workspaceExternalId`) or the body (`workspaceId` / `workspaceExternalId`). Errors are
 * `{ error, details? }`.
 */

export const NOTICE_DEPARTMENTS = ['GST', 'INCOME_TAX', 'COMPLIANCE'] as const;
export type NoticeDepartment = (typeof NOTICE_DEPARTMENTS)[number];
export const DEPARTMENT_LABELS: Record<NoticeDepartment, string> = { GST: 'GST', INCOME_TAX: 'Income Tax', COMPLIANCE: 'Compliance' };

export const NOTICE_STATUSES = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'PENDING', 'EXPIRED'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const STATUS_LABELS: Record<NoticeStatus, string> = {
  NEW: 'New',
  IN_PROGRESS: 'In Progress',
  RESOLVED: 'Resolved',
  PENDING: 'Pending',
  EXPIRED: 'Expired',
};
/** spec 2 section 4: the header's Update Status dialog offers these, in this order. */
export const HEADER_DIALOG_STATUSES: readonly NoticeStatus[] = ['NEW', 'PENDING', 'IN_PROGRESS', 'RESOLVED', 'EXPIRED'];
/** spec 2 section 4: the bulk dialog offers only these. */
export const BULK_DIALOG_STATUSES: readonly NoticeStatus[] = ['NEW', 'IN_PROGRESS', 'RESOLVED', 'EXPIRED'];
/** Still needing the firm's work: what the dashboard counts as pending and the reminders watch. */
export const OPEN_NOTICE_STATUSES: readonly NoticeStatus[] = ['NEW', 'IN_PROGRESS', 'PENDING'];

export const NOTICE_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type NoticePriority = (typeof NOTICE_PRIORITIES)[number];
export const PRIORITY_LABELS: Record<NoticePriority, string> = { HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low' };

export const NOTICE_SOURCES = ['MANUAL', 'IMPORT', 'PORTAL'] as const;
export type NoticeSource = (typeof NOTICE_SOURCES)[number];

export const HEARING_MODES = ['IN_PERSON', 'VIRTUAL', 'WRITTEN'] as const;
export type HearingMode = (typeof HEARING_MODES)[number];
export const HEARING_MODE_LABELS: Record<HearingMode, string> = { IN_PERSON: 'In person', VIRTUAL: 'Video hearing', WRITTEN: 'Written submission' };

export const NOTICE_SORT_FIELDS = ['dateOfIssuance', 'dueDate'] as const;
export type NoticeSortField = (typeof NOTICE_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

// ---- Constants (spec 2 sections 4 and 9; the rest decided here) ----

export const NOTICE_SEARCH_DEBOUNCE_MS = 500;
export const RECENT_NOTICE_DESCRIPTION_CUT = 52;
export const NOTICE_PAGE_SIZE = 20;
export const MAX_NOTICE_PAGE_SIZE = 100;
export const NOTICE_PAGE_LINKS = 5;
export const NOTICE_LOADING_ROWS = 5;
export const NOTICE_REFETCH_THROTTLE_MS = 5_000;
export const DEFAULT_NOTICE_SORT: { sortField: NoticeSortField; sortDirection: SortDirection } = {
  sortField: 'dateOfIssuance',
  sortDirection: 'desc',
};
export const DEFAULT_NOTICE_FILTERS: NoticeFilters = { departments: ['GST'], priorities: [], statuses: ['NEW', 'IN_PROGRESS'] };
/** Above this many matching notices `pagination.total` is the planner's estimate and `pagination.estimated` is true. */
export const EXACT_NOTICE_COUNT_LIMIT = 10_000;
export const MAX_BULK_UPDATE = 500;
export const RECENT_NOTICES_ON_DASHBOARD = 5;
/** The "Notices Received" chart's months, this one included. */
export const NOTICE_STATS_MONTHS = 12;
/** NOTICE_DUE_SOON is raised this many days before the due date (and the target date when set). */
export const NOTICE_REMINDER_DAYS = [7, 3, 1] as const;
export const MAX_NOTICE_TYPE_LENGTH = 100;
export const MAX_REFERENCE_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 20_000;
export const MAX_TAX_PERIOD_LENGTH = 50;
export const MAX_HEARING_NOTES_LENGTH = 2_000;
/** In paise: ₹10 lakh crore, far above any demand. */
export const MAX_AMOUNT_PAISE = 1_000_000_000_000_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5_000;
export const IMPORT_ROW_ERRORS_SHOWN = 20;

/** The import template's columns, in order; the header row is matched in any order, case and spacing. */
export const NOTICE_IMPORT_COLUMNS = [
  'Client PAN',
  'Department',
  'Notice Type',
  'Reference/DIN',
  'Date of Issuance',
  'Due Date',
  'Description',
  'Priority',
  'Amount',
] as const;

export const NOTICES_ROUTES = {
  /** GET: `workspaceId`, optional `clientId`; answers `{ data: NoticeView[] }` (the client page's section). */
  all: 'notices',
  /** POST (body or query `workspaceId`): one page; answers `NoticePage`. */
  list: 'notices/list',
  create: 'notices',
  bulkUpdate: 'notices/bulk-update',
  filterPreference: 'notices/filter-preference',
  upload: 'notices/upload',
  /** GET: the import template as CSV. */
  importTemplate: 'notices/import-template',
  notice: (id: string) => `notices/${id}`,
  activities: (id: string) => `notices/${id}/activities`,
  attachments: (id: string) => `notices/${id}/attachments`,
  attachment: (id: string, attachmentId: string) => `notices/${id}/attachments/${attachmentId}`,
  generateTask: (id: string) => `notices/${id}/generate-task`,
  /** GET: the tasks generated from the notice (the Associated Tasks card); 404 when the tasks plugin is off. */
  tasks: (id: string) => `notices/${id}/tasks`,
  hearings: (id: string) => `notices/${id}/hearings`,
  hearing: (id: string, hearingId: string) => `notices/${id}/hearings/${hearingId}`,
} as const;

export const NOTICES_PERMISSIONS = {
  create: 'notices.create',
  edit: 'notices.edit',
  import: 'notices.import',
  delete: 'notices.delete',
} as const;

export const NOTICE_EVENT_TYPES = ['NOTICE_DUE_SOON', 'NOTICE_OVERDUE', 'NOTICE_ASSIGNED'] as const;

/** Entity type of a notice in the core activity log, on document attachments and on tasks. */
export const NOTICE_ENTITY = 'NOTICE';

/** What the plugin adds to the dashboard, the search and the calendar. */
export const NOTICE_PROVIDERS = {
  pendingStat: 'pendingNotices',
  recentList: 'recentNotices',
  monthlyGraph: 'noticeStats',
  search: 'notices',
  calendar: 'noticeDates',
} as const;
export const NOTICE_SEARCH_HIT_TYPE = 'notice';
export const NOTICE_CALENDAR_TYPES = { due: 'notice-due', target: 'notice-target', hearing: 'notice-hearing' } as const;

export const NOTICE_MESSAGES = {
  workspaceRequired: 'Workspace ID is required',
  noticeNotFound: 'Notice not found',
  clientNotFound: 'Client not found',
  clientRequired: 'Client is required',
  departmentRequired: 'Department is required',
  noticeTypeRequired: 'Notice type is required',
  referenceRequired: 'Reference number or DIN is required',
  invalidDepartment: 'Department must be one of GST, INCOME_TAX, COMPLIANCE',
  invalidStatus: 'Status must be one of NEW, IN_PROGRESS, RESOLVED, PENDING, EXPIRED',
  invalidPriority: 'Priority must be one of HIGH, MEDIUM, LOW',
  invalidDate: (field: string) => `${field} must be a date such as 2026-03-31`,
  invalidAmount: 'Amount must be in rupees with at most two decimals, such as 125000.50',
  statusRequired: 'Choose a status',
  statusUnchanged: 'Choose a status other than the current one',
  duplicateReference: 'A notice with this reference already exists for this client',
  assigneeNotMember: 'The assignee must be a member of this workspace',
  assigneeCannotSeeNotice: 'A client member can be assigned only notices of the clients they stand for',
  deleteConfirmation: "Type the notice's reference to confirm",
  bulkNothingSelected: 'Select at least one notice',
  bulkTooMany: `Select at most ${MAX_BULK_UPDATE} notices`,
  bulkStatusNotOffered: 'Status must be one of NEW, IN_PROGRESS, RESOLVED, EXPIRED',
  bulkSomeMissing: 'Some of the selected notices no longer exist; nothing was updated',
  invalidSortField: 'sortField must be dateOfIssuance or dueDate',
  invalidSortDirection: 'sortDirection must be asc or desc',
  invalidPage: 'page must be a whole number from 1',
  invalidFilter: (name: string, allowed: readonly string[]) => `${name} must be 'all' or a comma list of ${allowed.join(', ')}`,
  documentRequired: 'Choose a document to attach',
  hearingNotFound: 'Hearing not found',
  invalidHearingTime: 'Time must be HH:MM, such as 11:30',
  invalidHearingMode: 'Mode must be one of IN_PERSON, VIRTUAL, WRITTEN',
  forbiddenCreate: 'Only staff can add notices',
  forbiddenEdit: 'Only staff can change notices',
  forbiddenImport: 'Only staff can import notices',
  forbiddenDelete: 'You do not have permission to delete notices',
  // the import (the spec does not show its file rules; these follow the clients import's wording)
  importFileRequired: 'Choose a CSV or XLSX file',
  importFileType: 'The file must be a CSV or XLSX file',
  importTooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  importTooManyRows: `The file has more than ${MAX_IMPORT_ROWS} rows`,
  importUnreadable: 'The file could not be read as a spreadsheet',
  importEmpty: 'The file has no notice rows',
  importMissingColumns: (columns: string[]) => `Missing required columns: ${columns.join(', ')}`,
  importValidationFailed: 'Validation Failed',
  importPanRequired: 'Client PAN is required',
  importUnknownPan: (pan: string) => `No client with PAN ${pan} in this workspace`,
} as const;

/** spec 2 section 8 and the web's own wording beyond it. */
export const NOTICE_TOASTS = {
  listFailed: 'Failed to fetch notices',
  fetchFailed: (status: number | string) => `Failed to fetch notice: ${status}`,
  bulkUpdated: 'Successfully updated notices',
  bulkUpdateFailed: 'Failed to update notices',
  statusUpdated: 'Notice status updated successfully',
  statusUpdateFailed: 'Failed to update notice status',
  created: 'Notice added successfully',
  createFailed: 'Failed to add notice',
  updated: 'Notice updated successfully',
  updateFailed: 'Failed to update notice',
  deleted: 'Notice deleted successfully',
  deleteFailed: 'Failed to delete notice',
  taskGenerated: 'Task generated from notice',
  generateTaskFailed: 'Failed to generate task',
  imported: (created: number, duplicates: number) => `${created} notice(s) imported${duplicates ? `, ${duplicates} duplicate(s) skipped` : ''}`,
  importFailed: 'Import failed',
  hearingAdded: 'Hearing added',
  hearingRemoved: 'Hearing removed',
  hearingFailed: 'Failed to save hearing',
  empty: 'No notices found',
  loading: 'Loading notices...',
  noTasks: 'No tasks associated with this notice yet.',
  activityLoading: 'Loading...',
  noActivity: 'No activity recorded',
  invalidDate: 'Invalid date',
  notSpecified: 'Not specified',
  notAvailable: 'N/A',
  dashboardEmptyTitle: 'No Notices',
  dashboardEmptyText: 'Notices will appear here when received.',
  pendingCaption: 'Notices awaiting action',
  dashboardFailed: 'Failed to load dashboard data. Please try again later.',
} as const;

// ---- Requests ----

export interface NoticeFilters {
  departments: NoticeDepartment[];
  priorities: NoticePriority[];
  statuses: NoticeStatus[];
}

/**
 * `POST notices/list`: in the query or the body. `noticeType` (the department), `priority` and `status` are comma
 * lists; absent or 'all' means no filter. `clientId` narrows to one client.
 */
export interface NoticeListRequest {
  workspaceId: string;
  page?: number;
  pageSize?: number;
  sortField?: NoticeSortField;
  sortDirection?: SortDirection;
  search?: string;
  noticeType?: string;
  priority?: string;
  status?: string;
  clientId?: string;
}

/** `POST notices`: a notice entered by hand. Dates are `YYYY-MM-DD`; `amountDemanded` rupees as a decimal string. */
export interface NoticeCreateRequest {
  workspaceId: string;
  clientId: string;
  department: NoticeDepartment;
  noticeType: string;
  reference: string;
  description?: string;
  priority?: NoticePriority;
  status?: NoticeStatus;
  dateOfIssuance?: string | null;
  dueDate?: string | null;
  targetDate?: string | null;
  taxPeriod?: string | null;
  amountDemanded?: string | null;
  assignedToExternalId?: string | null;
}

/** `PATCH notices/{id}`: every field optional; the spec's own body is `{ status }`. */
export type NoticeUpdateRequest = Partial<Omit<NoticeCreateRequest, 'workspaceId' | 'clientId'>> & { workspaceId: string };

export interface NoticeBulkUpdateRequest {
  workspaceId: string;
  noticeIds: string[];
  status: NoticeStatus;
}

export interface HearingRequest {
  workspaceId: string;
  hearingDate: string;
  hearingTime?: string | null;
  mode: HearingMode;
  notes?: string;
}

// ---- Answers ----

export interface NoticePerson {
  externalId: string;
  name: string;
  image: string | null;
  /** False for someone who has left the workspace. */
  isMember: boolean;
}

export interface NoticeClientRef {
  externalId: string;
  name: string;
  clientType: string;
  /** spec 2 section 3: the client's portal credentials by platform name, never their secrets. */
  credentials: { platformName: string }[];
}

export interface HearingView {
  id: string;
  hearingDate: string;
  hearingTime: string | null;
  mode: HearingMode;
  notes: string;
  createdAt: string;
}

export interface NoticeView {
  id: string;
  externalId: string;
  /** The department's label (spec 2 section 3 `type`): 'GST', 'Income Tax', 'Compliance'. */
  type: string;
  department: NoticeDepartment;
  noticeType: string;
  reference: string;
  description: string;
  priority: NoticePriority;
  status: NoticeStatus;
  /** `YYYY-MM-DD` or null. */
  dateOfIssuance: string | null;
  dueDate: string | null;
  targetDate: string | null;
  taxPeriod: string | null;
  /** Rupees with two decimals, e.g. '125000.50', or null. */
  amountDemanded: string | null;
  assignedTo: NoticePerson | null;
  client: NoticeClientRef;
  clientId: string;
  clientName: string;
  source: NoticeSource;
  summary: string | null;
  actionItems: string | null;
  draftReply: string | null;
  /** Which produced the analysis, or null before any. */
  ai: NoticeAiInfo | null;
  /** The portal connector's label ('Sandbox') when a sync brought the notice. */
  sourceLabel: string | null;
  /** False while the priority is automatic (follows the reply-by date and the amount). */
  prioritySetByMember: boolean;
  hearings: HearingView[];
  createdBy: { name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface NoticePage {
  data: NoticeView[];
  pagination: {
    page: number;
    pageSize: number;
    totalPages: number;
    total: number;
    /** True when `total` is the planner's estimate (more than EXACT_NOTICE_COUNT_LIMIT matches). */
    estimated: boolean;
  };
}

export interface NoticeActivityView {
  id: string;
  action: string;
  performedBy: { name: string } | null;
  createdAt: string;
}

export interface NoticeImportRowError {
  row: number;
  errors: string[];
}

/** `POST notices/upload`: 201 with the counts, or 422 `{ error: 'Validation Failed', details: { rows } }`. */
export interface NoticeImportResult {
  created: number;
  duplicates: { row: number; reference: string; clientPan: string }[];
  total: number;
}

/** `GET dashboard/recent` -> `recentNotices` (spec 1 section 3): the newest by date of issuance. */
export interface RecentNotice {
  id: string;
  externalId: string;
  noticeType: string;
  description: string;
  /** The client's name. */
  client: string;
  priority: NoticePriority;
  dateOfIssuance: string | null;
  /** The notice's page, under `{app}`. */
  url: string;
}

/** `GET dashboard/graphs` -> `noticeStats`: notices received per month (`YYYY-MM`, by date of issuance), oldest first. */
export interface NoticeMonthCount {
  month: string;
  count: number;
}

// ---- AI analysis and portal sync (spec 2 sections 2.9, 2.10, 3, 4, 7, 8) ----

export const NOTICE_AI_ROUTES = {
  /** POST, no body: 200 `{ data: NoticeView }` when the analysis finishes within AI_WAIT_MS, else 202 `{ jobId }`. */
  processAi: (id: string) => `notices/${id}/process-ai`,
  /** GET: `{ data: AiJobStatus }`, how the web follows a 202. */
  processAiJob: (id: string, jobId: string) => `notices/${id}/process-ai/${jobId}`,
} as const;

export const NOTICE_SYNC_ROUTES = {
  /** POST `{ workspaceExternalId }`: `RefreshResponse`. */
  refresh: 'notices/refresh',
  /** GET, server-sent (query `workspaceExternalId`): `SyncStatusMessage` on every change, first `connected: true`. */
  syncStatus: 'notices/sync-status',
  /** GET / PUT `{ subscribed }`: the member's daily notices digest email in this workspace. */
  digestSubscription: 'notices/digest-subscription',
} as const;

/** How long `process-ai` waits for its job before answering 202 with the job id. */
export const AI_WAIT_MS = 8_000;
/** How often the web asks about a 202 job. */
export const AI_JOB_POLL_MS = 1_000;
/**
 * How long the web follows one analysis before it gives up and says so (the server may still finish it): the AI
 * service's default time limit (`AI_TIMEOUT_MS`, 60 s), the 60 s the job allows on top for reading the notice's PDFs
 * (READING_MS in server/ai/ai-job.ts), and a minute's margin for the job's wait in the queue and the polls.
 */
export const AI_JOB_FOLLOW_MS = 180_000;

export type AiJobState = 'RUNNING' | 'COMPLETED' | 'FAILED';
export interface AiJobStatus {
  jobId: string;
  state: AiJobState;
  /** The analysed notice once COMPLETED. */
  notice: NoticeView | null;
  /** The reason once FAILED. */
  error: string | null;
}

/** What the details page shows about the analysis (part of NoticeView as `ai`). */
export interface NoticeAiInfo {
  provider: 'AZURE_OPENAI' | 'BUILTIN';
  /** 'Azure OpenAI' or 'Built-in analyzer'. */
  providerLabel: string;
  model: string;
  processedAt: string;
}

/** spec 2 section 7: `POST notices/refresh`. */
export interface RefreshResponse {
  success: boolean;
  message: string;
  jobCount: number;
  batchJobId: string;
  error?: string;
}

/** spec 2 section 3 "Notice sync status", sent by `GET notices/sync-status`. */
export interface SyncStatusMessage {
  connected: boolean;
  syncInProgress: boolean;
  syncDetails: {
    clientCount: number;
    /** Whole per cent, 0-100. */
    progress: number;
    /** e.g. ['GST', 'INCOME_TAX']. */
    platforms: string[];
    clientNames: string[];
  } | null;
}

export const PLATFORM_LABELS: Record<string, string> = { GST: 'GST', INCOME_TAX: 'Income Tax' };
/** The refresh button's tooltip lists this many client names, then '+N more'. */
export const SYNC_TOOLTIP_CLIENT_NAMES = 3;
/** The notices list refetches on SYNC_COMPLETED at most this often (spec 2 section 4). */
export const SYNC_REFETCH_THROTTLE_MS = 5_000;
/** After a refresh request the page refreshes after this long (spec 2 section 4). */
export const SYNC_REQUEST_REFRESH_MS = 1_000;
/** Clients synced at once per worker process. */
export const SYNC_CONCURRENCY = 8;
/** Every sync asks the portals for the notices issued in the last this many days, open or closed. */
export const SYNC_LOOKBACK_DAYS = 400;
/** `metadata.syncType` and `metadata.entityType` of a sync's notifications. */
export const NOTICE_SYNC_TYPE = 'NOTICE_SYNC';

export const NOTICE_AI_TEXTS = {
  process: 'Process with AI',
  processing: 'Processing...',
  viewDraft: 'View AI Draft Reply',
  draftTitle: 'AI Draft Reply',
  processed: 'Notice processed with AI successfully',
  processFailed: 'Failed to process notice with AI',
  copied: 'Copied',
  copiedText: 'Draft reply copied to clipboard',
  copyFailed: 'Copy failed',
  copyFailedText: 'Unable to copy to clipboard',
  followTimedOut: 'The analysis is taking longer than expected. It may still finish: open the notice again in a few minutes.',
  analysisHeading: 'AI Analysis',
  summary: 'Summary',
  actionItems: 'Action Items',
  originalDescription: 'Original Description',
} as const;

export const NOTICE_SYNC_TEXTS = {
  refresh: 'Refresh Notices',
  refreshing: 'Refreshing...',
  syncing: (clients: number) => `Syncing ${clients} client(s)...`,
  inProgress: 'Sync In Progress',
  tooltip: (clients: number, platforms: string, percent: number) => `Syncing notices for ${clients} client(s) (${platforms}) - ${percent}% complete`,
  moreClients: (count: number) => `+${count} more`,
  refreshFailed: 'Refresh Failed',
  refreshFailedText: 'Failed to refresh notices',
  sandbox: 'Sandbox',
} as const;

export const NOTICE_SYNC_MESSAGES = {
  started: (jobs: number) => `Started syncing notices for ${jobs} client login(s)`,
  alreadyRunning: 'A notice sync is already running for this workspace',
  noLogins: 'No client has valid portal credentials to sync: add GST or Income Tax logins on the client pages',
  noSources: 'No portal connector is enabled for this workspace',
  portalDown: 'The portal is not reachable right now; please try again later',
  invalidCredentials: 'Invalid credentials',
} as const;

export const NOTICE_SYNC_SETTINGS_DEFAULTS = { dailySync: false, dailySyncTime: '06:00', useSandboxPortal: false } as const;
