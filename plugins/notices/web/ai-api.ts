import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiV1 } from '@axal/web-sdk';
import {
  AI_JOB_FOLLOW_MS,
  AI_JOB_POLL_MS,
  NOTICE_AI_ROUTES,
  NOTICE_AI_TEXTS,
  NOTICES_ROUTES,
  type AiJobStatus,
  type NoticeView,
} from '../shared/wire';
import { abortAfter } from './abort-after';
import { invalidateNotices, noticeKey } from './api';

/**
 * An analysis the server ran as a job (after a 202) that ended FAILED, or that the page stopped following after
 * AI_JOB_FOLLOW_MS; the message says why, fit to show.
 */
export class AiJobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiJobFailedError';
  }
}

type ProcessAiAnswer = { data: NoticeView } | { jobId: string };

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Asks for the analysis, then asks about its job every AI_JOB_POLL_MS until it completes or fails. */
async function analyse(workspaceId: string, noticeId: string, signal: AbortSignal): Promise<NoticeView> {
  const answer = await apiV1<ProcessAiAnswer>(`/${NOTICE_AI_ROUTES.processAi(noticeId)}`, { method: 'POST', query: { workspaceId }, signal });
  if ('data' in answer) return answer.data;
  for (;;) {
    await pause(AI_JOB_POLL_MS, signal);
    const { data: job } = await apiV1<{ data: AiJobStatus }>(`/${NOTICE_AI_ROUTES.processAiJob(noticeId, answer.jobId)}`, {
      query: { workspaceId },
      signal,
    });
    if (job.state === 'FAILED') throw new AiJobFailedError(job.error ?? '');
    if (job.state === 'COMPLETED') {
      return (
        job.notice ??
        (await apiV1<{ data: NoticeView }>(`/${NOTICES_ROUTES.notice(noticeId)}`, { query: { workspaceId }, signal }).then((body) => body.data))
      );
    }
  }
}

/**
 * `POST notices/{id}/process-ai` (spec 2 section 7): the analysed notice. When the server answers 202 with a job id,
 * the job is followed until it ends, for `followForMs` at most; then the page gives up with an AiJobFailedError (the
 * server still finishes the job). `leaving` stops it at once.
 */
export async function processNoticeWithAi(
  workspaceId: string,
  noticeId: string,
  leaving: AbortSignal,
  followForMs: number = AI_JOB_FOLLOW_MS,
): Promise<NoticeView> {
  const following = abortAfter(leaving, followForMs);
  try {
    return await analyse(workspaceId, noticeId, following.signal);
  } catch (error) {
    if (following.timedOut) throw new AiJobFailedError(NOTICE_AI_TEXTS.followTimedOut);
    throw error;
  } finally {
    following.release();
  }
}

/** The notice Process with AI runs for: the mutation's variables. */
export interface AiProcessTarget {
  workspaceId: string;
  noticeId: string;
}

/**
 * What Process with AI does with the analysed notice: it replaces the cached one, and the notice's other answers
 * (activity, lists, the dashboard) are fetched again. The notice comes from the variables, never from the page:
 * TanStack Query hands a pending mutation the options of every later render, which may be another notice's page.
 */
export const processAiCaching = (queryClient: QueryClient) => ({
  onSuccess: (notice: NoticeView, { workspaceId, noticeId }: AiProcessTarget) => {
    queryClient.setQueryData(noticeKey(workspaceId, noticeId), notice);
    return invalidateNotices(queryClient, workspaceId);
  },
});

/** Process with AI for the notice on screen. Leaving the page stops following a job; the server finishes it. */
export function useProcessNoticeWithAi() {
  const queryClient = useQueryClient();
  const leaving = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  return useMutation({
    ...processAiCaching(queryClient),
    mutationFn: ({ workspaceId, noticeId }: AiProcessTarget) => processNoticeWithAi(workspaceId, noticeId, leaving.current.signal),
  });
}
