import { setTimeout as sleep } from 'node:timers/promises';
import { APIConnectionTimeoutError, APIError, AzureOpenAI } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Logger } from '../platform/logger';
import { AI_MESSAGES, AiError, type NoticeAnalysisInput } from './notice-analysis';
import { NOTICE_ANALYSIS_SYSTEM_PROMPT, noticeAnalysisMessage, noticeAnalysisResponseFormat } from './prompt';
import type { AiProvider } from './provider';
import type { AiUsage } from './usage';

export interface AzureOpenAiSettings {
  endpoint: string;
  apiKey: string;
  deployment: string;
  apiVersion: string;
  /** The longest one analysis may take, its retries and the waits between them included. */
  timeoutMs: number;
}

/** Retries of a call that Azure answered with 429 or a 5xx status. */
export interface RetryPolicy {
  maxRetries: number;
  /** The first retry waits about this long, each next one about twice as long as the one before. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const AZURE_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 8_000 };

/** How much of an unreadable answer the log keeps: the answer restates the notice, names and PANs included. */
const LOGGED_ANSWER_CHARS = 80;

/** The wait Azure asks for: `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP date). */
function requestedDelayMs(headers: Headers | undefined, now: number): number | null {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = headers?.get('retry-after');
  if (!retryAfter) return null;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1_000;
  const until = Date.parse(retryAfter);
  return Number.isNaN(until) ? null : Math.max(0, until - now);
}

/**
 * How long to wait before retry number `retry` (from 1): what the server asked for, else exponential backoff with
 * jitter (between half and all of the doubled delay), so callers that failed together do not retry together.
 */
export function retryDelayMs(retry: number, headers: Headers | undefined, policy: RetryPolicy, random = Math.random, now = Date.now()): number {
  const requested = requestedDelayMs(headers, now);
  if (requested !== null) return requested;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return ceiling / 2 + (random() * ceiling) / 2;
}

const isRetryable = (error: unknown): error is APIError =>
  error instanceof APIError && error.status !== undefined && (error.status === 429 || error.status >= 500);

/** The error the caller sees once Azure's failure is final; what Azure said goes to the log only. */
function finalError(error: unknown): AiError {
  return error instanceof APIError && error.status === 429
    ? new AiError(AI_MESSAGES.rateLimited, 'rate-limited')
    : new AiError(AI_MESSAGES.unavailable, 'unavailable');
}

/** What of a failed call is fit for the log: never the key, and Azure's own error body rather than a stack. */
function failureDetails(error: unknown): Record<string, unknown> {
  if (error instanceof APIError) return { status: error.status, requestId: error.requestID, code: error.code, azureError: error.error };
  return { error: error instanceof Error ? error.message : String(error) };
}

/**
 * Notice analysis by an Azure OpenAI chat deployment, with structured output held to the analysis schema. The retry
 * policy is this class's own (the client's retries are off), and one time limit covers the call and its retries.
 * Every answered call's tokens are recorded for the workspace, whether or not its answer is usable.
 */
export class AzureOpenAiProvider implements AiProvider {
  readonly id = 'AZURE_OPENAI';
  readonly model: string;
  private readonly client: AzureOpenAI;

  constructor(
    private readonly settings: AzureOpenAiSettings,
    private readonly usage: AiUsage,
    private readonly logger: Logger,
    private readonly retryPolicy: RetryPolicy = AZURE_RETRY_POLICY,
  ) {
    this.model = settings.deployment;
    this.client = new AzureOpenAI({
      endpoint: settings.endpoint,
      apiKey: settings.apiKey,
      apiVersion: settings.apiVersion,
      deployment: settings.deployment,
      maxRetries: 0,
      timeout: settings.timeoutMs,
    });
  }

  async answer(input: NoticeAnalysisInput, callerSignal?: AbortSignal): Promise<unknown> {
    const startedAt = Date.now();
    const ownLimit = AbortSignal.timeout(this.settings.timeoutMs);
    const deadline = callerSignal ? AbortSignal.any([ownLimit, callerSignal]) : ownLimit;
    const request = this.requestFor(input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const completion = await this.client.chat.completions.create(request, { signal: deadline });
        return await this.answerOf(completion, input.workspaceId);
      } catch (error) {
        if (error instanceof AiError) throw error;
        if (deadline.aborted || error instanceof APIConnectionTimeoutError) throw this.timedOut(startedAt);
        const delay = isRetryable(error) ? retryDelayMs(attempt, error.headers, this.retryPolicy) : null;
        const timeLeft = this.settings.timeoutMs - (Date.now() - startedAt);
        // A wait that would outlast the time limit is no retry: the caller hears now why it failed.
        if (delay === null || attempt > this.retryPolicy.maxRetries || delay >= timeLeft) {
          this.logger.error({ ...failureDetails(error), deployment: this.model, attempts: attempt }, 'Azure OpenAI failed to analyse a notice');
          throw finalError(error);
        }
        this.logger.warn(
          { ...failureDetails(error), deployment: this.model, attempt, delayMs: Math.round(delay) },
          'Azure OpenAI call failed; retrying',
        );
        await sleep(delay, undefined, { signal: deadline }).catch(() => {
          throw this.timedOut(startedAt);
        });
      }
    }
  }

  private requestFor(input: NoticeAnalysisInput): ChatCompletionCreateParamsNonStreaming {
    return {
      model: this.model,
      messages: [
        { role: 'system', content: NOTICE_ANALYSIS_SYSTEM_PROMPT },
        { role: 'user', content: noticeAnalysisMessage(input) },
      ],
      response_format: noticeAnalysisResponseFormat,
    };
  }

  private timedOut(startedAt: number): AiError {
    this.logger.warn(
      { deployment: this.model, elapsedMs: Date.now() - startedAt, timeoutMs: this.settings.timeoutMs },
      'Azure OpenAI did not answer in time',
    );
    return new AiError(AI_MESSAGES.timedOut, 'timed-out');
  }

  /** The parsed JSON of the answer; a refusal, a cut-off or unreadable answer is no analysis. */
  private async answerOf(completion: ChatCompletion, workspaceId: number): Promise<unknown> {
    await this.recordUsage(completion, workspaceId);
    const choice = completion.choices[0];
    const content = choice?.finish_reason === 'stop' ? choice.message.content : null;
    if (content) {
      try {
        return JSON.parse(content) as unknown;
      } catch {
        // Reported below with the rest of the unreadable answers.
      }
    }
    const answered = choice?.message.content ?? '';
    this.logger.error(
      {
        deployment: this.model,
        finishReason: choice?.finish_reason,
        refusal: choice?.message.refusal,
        answerLength: answered.length,
        answerStart: answered.slice(0, LOGGED_ANSWER_CHARS),
      },
      'Azure OpenAI answered without a readable analysis',
    );
    throw new AiError(AI_MESSAGES.invalidAnswer, 'invalid-answer');
  }

  /** The tokens were spent whatever becomes of the answer; a bookkeeping failure must not cost the caller the analysis. */
  private async recordUsage(completion: ChatCompletion, workspaceId: number): Promise<void> {
    try {
      await this.usage.record({
        workspaceId,
        provider: this.id,
        model: this.model,
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      });
    } catch (error) {
      this.logger.error({ err: error, workspaceId, usage: completion.usage }, 'Could not record the tokens of an AI call');
    }
  }
}
