import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiV1 } from '@axal/web-sdk';
import { AI_JOB_POLL_MS, NOTICE_AI_ROUTES, NOTICES_ROUTES, type AiJobStatus, type NoticeView } from '../shared/wire';
import { noticeKey, useInvalidateNotices } from './api';

/** An analysis the server ran as a job (after a 202) that ended FAILED; the message is the server's reason. */
export class AiJobFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiJobFailedError';
  }
}

type ProcessAiAnswer = { data: NoticeView } | { jobId: string };

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * `POST notices/{id}/process-ai` (spec 2 section 7): the analysed notice. When the server answers 202 with a job id,
 * the job is asked about every AI_JOB_POLL_MS until it completes or fails.
 */
export async function processNoticeWithAi(workspaceId: string, noticeId: string, signal: AbortSignal): Promise<NoticeView> {
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
 * Process with AI for one notice. The analysed notice replaces the cached one, and the notice's other answers
 * (activity, lists, the dashboard) are fetched again. Leaving the page stops following a job; the server finishes it.
 */
export function useProcessNoticeWithAi(workspaceId: string, noticeId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateNotices(workspaceId);
  const leaving = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);
  return useMutation({
    mutationFn: () => processNoticeWithAi(workspaceId, noticeId, leaving.current.signal),
    onSuccess: (notice) => {
      queryClient.setQueryData(noticeKey(workspaceId, noticeId), notice);
      return invalidate();
    },
  });
}
