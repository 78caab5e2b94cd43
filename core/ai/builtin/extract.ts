import { isCalendarDate } from '../../platform/calendar-day';
import type { NoticeAnalysisInput, NoticeExtraction } from '../notice-analysis';
import { findDemand } from './amounts';
import { DATE_TOKEN, findDates, parseDate } from './dates';
import { findGrounds, type Ground } from './grounds';
import { findHearing } from './hearing';
import { findApplicationArn, findDin, findGstin, findPan } from './identifiers';
import { findAddressee, findClientName, type Addressee } from './parties';
import { findAssessmentYear, findTaxPeriod } from './periods';
import { recogniseNotice, type Recognition } from './recognise';
import { findReplyBy, type ReplyBySource } from './reply-by';
import type { NoticeText } from './text';

/** Everything the writers need: the extraction the schema carries, and what was learnt on the way. */
export interface NoticeFacts {
  extraction: NoticeExtraction;
  recognition: Recognition;
  replyBySource: ReplyBySource | null;
  addressee: Addressee;
  clientName: string | null;
  pan: string | null;
  gstin: string | null;
  /** The application a registration notice is about. */
  applicationArn: string | null;
  grounds: Ground[];
}

type Known = NonNullable<NoticeAnalysisInput['known']>;

/** "Date of issue: ...", "Date: ...", "Dated: ...": the notice's own date, not a date it refers to. */
const ISSUE_DATE_LABEL = new RegExp(
  String.raw`\b(?:date\s+of\s+(?:issue|issuance|notice|communication|order|intimation|letter)|(?:issue|notice|order|communication)\s+date|dated\s*:|(?<!(?:due|last|compliance|response|of|for|birth|hearing)\s)date\s*[:-])\s*[:-]?\s*(${DATE_TOKEN})`,
  'i',
);
const DATED = new RegExp(String.raw`\bdated\s+(${DATE_TOKEN})`, 'gi');
/** "the notice dated ...", "order dated ...": a reference to an earlier document. */
const EARLIER_DOCUMENT_BEFORE =
  /\b(?:notice|order|intimation|letter|return|communication|challan|invoice|application|DRC|ASMT|REG|reply)\b[^.]{0,40}$/i;
/** Where a notice prints its own date when it prints no label: its first lines. */
const HEADER_CHARS = 1_500;

function findIssueDate(flat: string): string | null {
  const labelled = ISSUE_DATE_LABEL.exec(flat);
  const labelledDate = labelled ? parseDate(labelled[1]!) : null;
  if (labelledDate) return labelledDate;
  for (const match of flat.matchAll(DATED)) {
    if (EARLIER_DOCUMENT_BEFORE.test(flat.slice(Math.max(0, match.index - 60), match.index))) continue;
    const date = parseDate(match[1]!);
    if (date) return date;
  }
  return findDates(flat.slice(0, HEADER_CHARS))[0]?.date ?? null;
}

/** The schema's limit for a reference; the register's own limit is the same. */
const MAX_REFERENCE_CHARS = 100;

const knownDate = (value: string | null | undefined): string | null => (value && isCalendarDate(value) ? value : null);

export function extractNoticeFacts(text: NoticeText, known: Known): NoticeFacts {
  const recognition = recogniseNotice(text);
  const kind = recognition.kind;
  const department = recognition.department ?? known.department ?? null;
  const issueDate = findIssueDate(text.flat) ?? knownDate(known.dateOfIssuance);
  const hearing = findHearing(text);
  const replyBy = findReplyBy({
    flat: text.flat,
    kind: kind?.id ?? null,
    issueDate,
    knownDueDate: knownDate(known.dueDate),
    hearingDate: hearing?.date ?? null,
  });
  const incomeTax = department === 'INCOME_TAX';
  const hasTaxPeriod = !incomeTax && (kind?.department !== 'GST' || kind.hasTaxPeriod);
  const extraction: NoticeExtraction = {
    department,
    noticeType: recognition.noticeType ?? known.noticeType?.slice(0, MAX_REFERENCE_CHARS) ?? null,
    section: recognition.section,
    din: findDin(text) ?? known.reference?.slice(0, MAX_REFERENCE_CHARS) ?? null,
    taxPeriod: hasTaxPeriod ? findTaxPeriod(text.flat) : null,
    assessmentYear: incomeTax ? findAssessmentYear(text.flat) : null,
    amountDemanded: findDemand(text.lines, text.flat),
    issueDate,
    replyBy: replyBy?.date ?? null,
    hearing,
  };
  return {
    extraction,
    recognition,
    replyBySource: replyBy?.source ?? null,
    addressee: findAddressee(text, department, kind),
    clientName: known.clientName ?? findClientName(text),
    pan: known.clientPan ?? findPan(text),
    gstin: known.clientGstin ?? findGstin(text),
    applicationArn: findApplicationArn(text),
    grounds: findGrounds(text.flat, department),
  };
}
