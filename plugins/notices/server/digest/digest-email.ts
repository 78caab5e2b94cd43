import { composeEmail, daysBetween, type MailContent } from '../../../../core/plugin-api';
import { dayInWords, plural } from '../activity-text';

/** One notice as a line of the digest. */
export interface DigestNotice {
  noticeType: string;
  clientName: string;
  reference: string;
  dueDate: string | null;
  url: string;
}

/** A section's notices: the first few to list and how many there are in all. */
export interface DigestSection {
  total: number;
  listed: DigestNotice[];
}

export interface DigestContent {
  memberName: string;
  workspaceName: string;
  /** `YYYY-MM-DD` in Asia/Kolkata: the digest's day. */
  today: string;
  newNotices: DigestSection;
  dueSoon: DigestSection;
  overdue: DigestSection;
  /** The app's own address, `{publicUrl}{basePath}`: the notice addresses under it are links in the email. */
  appUrl: string;
  noticesUrl: string;
  profileUrl: string;
}

/** The most notices a section lists; the rest are counted and left to the notices page. */
export const DIGEST_SECTION_LIMIT = 20;

/** How many days a notice due in the next week counts in the digest. */
export const DIGEST_DUE_SOON_DAYS = 7;

const digestSubject = (workspaceName: string, today: string) => `Notices digest - ${workspaceName} - ${dayInWords(today)}`;

function dueWords(dueDate: string, today: string): string {
  const left = daysBetween(today, dueDate);
  if (left === 0) return `reply due today (${dayInWords(dueDate)})`;
  if (left === 1) return `reply due tomorrow (${dayInWords(dueDate)})`;
  if (left > 1) return `reply due in ${left} days (${dayInWords(dueDate)})`;
  return `reply was due on ${dayInWords(dueDate)}, ${plural(-left, 'day')} ago`;
}

function lineOf(notice: DigestNotice, today: string): string {
  const due = notice.dueDate ? dueWords(notice.dueDate, today) : 'no reply date';
  return `${notice.noticeType} for ${notice.clientName} (${notice.reference}), ${due}: ${notice.url}`;
}

function sectionParagraphs(heading: string, section: DigestSection, today: string, noticesUrl: string): string[] {
  if (!section.total) return [];
  const more = section.total - section.listed.length;
  return [
    `${heading} (${section.total})`,
    ...section.listed.map((notice) => `- ${lineOf(notice, today)}`),
    ...(more > 0 ? [`...and ${plural(more, 'more notice')} on the notices page: ${noticesUrl}`] : []),
  ];
}

export const isEmptyDigest = (content: Pick<DigestContent, 'newNotices' | 'dueSoon' | 'overdue'>) =>
  !content.newNotices.total && !content.dueSoon.total && !content.overdue.total;

/**
 * The digest through the core's email layout: the counts first, then one section per kind, each notice with the
 * address of its page, and how to stop the email.
 */
export function digestEmail(content: DigestContent): MailContent {
  const { today, noticesUrl } = content;
  const overview = [
    plural(content.newNotices.total, 'new notice'),
    `${plural(content.dueSoon.total, 'notice')} due in the next ${DIGEST_DUE_SOON_DAYS} days`,
    `${plural(content.overdue.total, 'notice')} overdue`,
  ].join(', ');
  return composeEmail({
    subject: digestSubject(content.workspaceName, today),
    greeting: content.memberName.trim() ? `Hello ${content.memberName.trim()},` : 'Hello,',
    paragraphs: [
      `Your notices in ${content.workspaceName} on ${dayInWords(today)}: ${overview}.`,
      ...sectionParagraphs('New notices', content.newNotices, today, noticesUrl),
      ...sectionParagraphs(`Due in the next ${DIGEST_DUE_SOON_DAYS} days`, content.dueSoon, today, noticesUrl),
      ...sectionParagraphs('Overdue', content.overdue, today, noticesUrl),
    ],
    action: { label: 'Open notices', url: noticesUrl },
    appUrl: content.appUrl,
    closing: `You get this email because you turned on the daily notices digest for ${content.workspaceName}. To stop it, turn off "Daily notices digest" on your profile: ${content.profileUrl}`,
  });
}
