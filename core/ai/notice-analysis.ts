import { z } from 'zod';

/**
 * The core's notice analysis (`TOKENS.Ai`): one contract whichever provider answers. Whatever a provider returns is
 * parsed with `noticeAnalysisSchema` before anyone sees it, so a plugin never stores a half-formed analysis.
 */

export const ANALYSIS_DEPARTMENTS = ['GST', 'INCOME_TAX', 'COMPLIANCE'] as const;
export type AnalysisDepartment = (typeof ANALYSIS_DEPARTMENTS)[number];

export const AI_PROVIDERS = ['AZURE_OPENAI', 'BUILTIN'] as const;
export type AiProviderId = (typeof AI_PROVIDERS)[number];
/** What the web app shows beside an analysis: which produced it. */
export const AI_PROVIDER_LABELS: Record<AiProviderId, string> = { AZURE_OPENAI: 'Azure OpenAI', BUILTIN: 'Built-in analyzer' };

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
/** Rupees with at most two decimals and no grouping, e.g. '125000.50'. */
const rupees = z.string().regex(/^\d{1,16}(\.\d{1,2})?$/, 'must be rupees like 125000.50');

export const noticeExtractionSchema = z
  .object({
    department: z.enum(ANALYSIS_DEPARTMENTS).nullable(),
    /** The form or section as the register names it: 'ASMT-10', 'DRC-01', 'Section 143(2)', 'Section 148A(b)'. */
    noticeType: z.string().min(1).max(100).nullable(),
    /** The statutory provision the notice cites, e.g. 'Section 73 of the CGST Act, 2017' or 'Section 143(2)'. */
    section: z.string().min(1).max(200).nullable(),
    /** The Document Identification Number (Income Tax) or the GST reference number. */
    din: z.string().min(1).max(100).nullable(),
    /** GST: the tax period, e.g. 'Apr 2023 - Mar 2024' or '2023-24'. */
    taxPeriod: z.string().min(1).max(50).nullable(),
    /** Income Tax: e.g. '2024-25'. */
    assessmentYear: z.string().min(1).max(20).nullable(),
    amountDemanded: rupees.nullable(),
    issueDate: calendarDate.nullable(),
    /** The reply-by date the notice states, else the statutory one where the form fixes it. */
    replyBy: calendarDate.nullable(),
    hearing: z
      .object({
        date: calendarDate,
        time: z
          .string()
          .regex(/^\d{2}:\d{2}$/)
          .nullable(),
        mode: z.enum(['IN_PERSON', 'VIRTUAL', 'WRITTEN']).nullable(),
      })
      .strict()
      .nullable(),
  })
  .strict();

export const noticeAnalysisSchema = z
  .object({
    summary: z.string().min(1).max(4_000),
    actionItems: z.array(z.string().min(1).max(1_000)).min(1).max(20),
    draftReply: z.string().min(1).max(20_000),
    extracted: noticeExtractionSchema,
  })
  .strict();

export type NoticeExtraction = z.infer<typeof noticeExtractionSchema>;
export type NoticeAnalysisBody = z.infer<typeof noticeAnalysisSchema>;

export interface NoticeAnalysis extends NoticeAnalysisBody {
  provider: AiProviderId;
  /** The deployment for Azure OpenAI; the rules' version for the built-in analyzer. */
  model: string;
}

export interface NoticeAnalysisInput {
  /** Whose usage the tokens count against. */
  workspaceId: number;
  /** The notice's text: its description and the text of its PDF attachments. */
  text: string;
  /** What the register already knows; the analysis keeps to it where the text says nothing else. */
  known?: {
    department?: AnalysisDepartment | null;
    noticeType?: string | null;
    reference?: string | null;
    dateOfIssuance?: string | null;
    dueDate?: string | null;
    clientName?: string | null;
    clientPan?: string | null;
    clientGstin?: string | null;
  };
  /** The day the analysis is made (Asia/Kolkata, YYYY-MM-DD), which the model is told; today when absent. */
  today?: string;
}

export interface AnalyseOptions {
  /** Aborted by a caller that no longer waits (its deadline passed): the provider's call stops, rejecting `timed-out`. */
  signal?: AbortSignal;
}

/** `TOKENS.Ai`. */
export interface AiService {
  /** Which provider answers in this installation. */
  readonly provider: AiProviderId;
  /** Rejects with `AiError` (its message is fit to show) when the provider fails or answers outside the schema. */
  analyseNotice(input: NoticeAnalysisInput, options?: AnalyseOptions): Promise<NoticeAnalysis>;
}

export const AI_MESSAGES = {
  invalidAnswer: 'The AI service returned an analysis in an unexpected shape; nothing was saved',
  timedOut: 'The AI service did not answer in time; please try again',
  unavailable: 'The AI service is unavailable; please try again later',
  rateLimited: 'The AI service is busy; please try again in a minute',
  noText: 'The notice has no text to analyse: add a description or attach the notice PDF',
} as const;

/**
 * Whether a notice's text gives an analysis anything to read: a word of three Latin letters or more. Both providers
 * read the English of Indian tax notices, so blanks, '₹ 5,000' or a description typed only in Hindi are refused
 * `no-text` alike, before any provider is asked.
 */
export const hasReadableText = (text: string): boolean => /[A-Za-z]{3,}/.test(text);

export class AiError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid-answer' | 'timed-out' | 'unavailable' | 'rate-limited' | 'no-text',
  ) {
    super(message);
    this.name = 'AiError';
  }
}
