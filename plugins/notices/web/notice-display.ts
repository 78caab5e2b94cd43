import type { Intent } from '@blueprintjs/core';
import { formatDate, formatIndianDate, kolkataToday } from '@axal/web-sdk';
import {
  DEPARTMENT_LABELS,
  NOTICE_TOASTS,
  OPEN_NOTICE_STATUSES,
  PLATFORM_LABELS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type NoticePriority,
  type NoticeStatus,
  type NoticeView,
} from '../shared/wire';

export { DEPARTMENT_LABELS, PRIORITY_LABELS, STATUS_LABELS };

export const STATUS_INTENTS: Record<NoticeStatus, Intent> = {
  NEW: 'primary',
  IN_PROGRESS: 'warning',
  PENDING: 'warning',
  RESOLVED: 'success',
  EXPIRED: 'none',
};

export const PRIORITY_INTENTS: Record<NoticePriority, Intent> = {
  HIGH: 'danger',
  MEDIUM: 'warning',
  LOW: 'none',
};

const CLIENT_TYPE_LABELS: Record<string, string> = { INDIVIDUAL: 'Individual', BUSINESS: 'Business' };

/** The label of a client's type; an unknown type is shown as the server sent it. */
export const clientTypeLabel = (clientType: string): string => CLIENT_TYPE_LABELS[clientType] ?? clientType;

/** The notices table's dates (spec 2 section 2.9: en-IN, e.g. "31/3/2026"), 'N/A' when there is none. */
export const formatTableDate = (value: string | null | undefined): string => formatIndianDate(value, NOTICE_TOASTS.notAvailable);

/** A date on the details page and the client's section ("31 Mar 2026"): 'Not specified' when missing, 'Invalid date' when unreadable. */
export const formatNoticeDate = (value: string | null | undefined, missingText: string = NOTICE_TOASTS.notSpecified): string =>
  formatDate(value, missingText);

/**
 * The table's Department column (spec 2 section 2.9): the platform name of the client's first portal credential,
 * else 'N/A' - the spec's wording, although the notice's own department is a separate field.
 */
/** The platform's label ('Income Tax' for INCOME_TAX); a name the product does not know is shown as stored. */
export const credentialPlatformOf = (notice: Pick<NoticeView, 'client'>): string => {
  const platform = notice.client.credentials[0]?.platformName;
  return platform ? (PLATFORM_LABELS[platform] ?? platform) : NOTICE_TOASTS.notAvailable;
};

const INDIAN_GROUPING = /(\d)(?=(\d\d)+$)/g;
const RUPEES_STRING = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "₹1,23,456.50" from the wire's rupee string ('123456.50'), grouped in lakhs and crores. Worked on the digits
 * rather than a float, so a demand of crores keeps its paise; 'Not specified' when there is none.
 */
export function formatAmount(amount: string | null | undefined, missingText: string = NOTICE_TOASTS.notSpecified): string {
  const match = RUPEES_STRING.exec(amount?.trim() ?? '');
  if (!match) return amount?.trim() ? amount : missingText;
  const [, sign, whole, fraction = ''] = match;
  const digits = whole.replace(/^0+(?=\d)/, '');
  const grouped = digits.length > 3 ? `${digits.slice(0, -3).replace(INDIAN_GROUPING, '$1,')},${digits.slice(-3)}` : digits;
  return `${sign}₹${grouped}.${fraction.padEnd(2, '0')}`;
}

/** Rupees as typed ("1,25,000.50", "₹ 125000") to the wire's plain decimal; null when blank, undefined when unreadable. */
export function amountOf(typed: string): string | null | undefined {
  const plain = typed.replace(/[₹,\s]/g, '');
  if (!plain) return null;
  return /^\d{1,16}(\.\d{1,2})?$/.test(plain) ? plain : undefined;
}

/** A notice still needing work whose reply-by date has passed (India's calendar). */
export const isOverdue = (notice: Pick<NoticeView, 'status' | 'dueDate'>, today: string = kolkataToday()): boolean =>
  notice.dueDate !== null && notice.dueDate < today && OPEN_NOTICE_STATUSES.includes(notice.status);

/** The link text of a notice: its form or section and its reference ("ASMT-10 · ZD2703260001234"). */
export const noticeTitle = (notice: Pick<NoticeView, 'noticeType' | 'reference'>): string => `${notice.noticeType} · ${notice.reference}`;

/** The shell's pages of a workspace, for links out of the remote (use with the SDK's `appPath`). */
export const workspacePaths = (workspaceId: string) => ({
  notices: `/w/${workspaceId}/notices`,
  notice: (noticeId: string) => `/w/${workspaceId}/notices/${noticeId}`,
  client: (clientId: string) => `/w/${workspaceId}/clients/${clientId}`,
  task: (taskId: string) => `/w/${workspaceId}/tasks/${taskId}`,
});
