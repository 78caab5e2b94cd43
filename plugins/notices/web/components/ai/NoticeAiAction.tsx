import { Button, Classes } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { serverReasonOf } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import { NOTICE_AI_TEXTS, type NoticeView } from '../../../shared/wire';
import { AiJobFailedError, useProcessNoticeWithAi } from '../../ai-api';
import { failureToast } from '../../failure-text';
import './ai.css';

const AiDraftDialog = lazy(() => import('./AiDraftDialog').then((module) => ({ default: module.AiDraftDialog })));

/** spec 2 section 8: 'Failed to process notice with AI', with the server's reason (or why the page gave up) beneath it. */
function showProcessFailure(error: unknown): void {
  const reason = error instanceof AiJobFailedError ? error.message : serverReasonOf(error);
  void showToast(failureToast(NOTICE_AI_TEXTS.processFailed, reason));
}

/**
 * 'Process with AI', 'Processing...' while the analysis runs, and 'View AI Draft Reply' once the notice has a draft
 * (spec 2 sections 2.10 and 4), which opens the draft with Copy and Process again. Staff only: the header shows it to
 * holders of `notices.edit`, and CLIENT members never receive the draft. Busy, the button keeps its focus
 * (`aria-disabled`), so keyboard users stay where they were when it turns into 'View AI Draft Reply'.
 */
export function NoticeAiAction({ workspaceId, notice }: { workspaceId: string; notice: NoticeView }) {
  const process = useProcessNoticeWithAi();
  const [isDraftOpen, setDraftOpen] = useState(false);
  const busy = process.isPending;
  const draft = notice.draftReply?.trim() ? notice.draftReply : null;

  const runAnalysis = () => {
    if (busy) return;
    process.mutate(
      { workspaceId, noticeId: notice.externalId },
      {
        onSuccess: () => void showToast({ message: NOTICE_AI_TEXTS.processed, intent: 'success' }),
        onError: showProcessFailure,
      },
    );
  };

  let text: string = draft ? NOTICE_AI_TEXTS.viewDraft : NOTICE_AI_TEXTS.process;
  if (busy) text = NOTICE_AI_TEXTS.processing;

  return (
    <>
      <Button
        icon={draft ? 'manual' : 'predictive-analysis'}
        intent="primary"
        text={text}
        className={busy ? Classes.DISABLED : undefined}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (draft) setDraftOpen(true);
          else runAnalysis();
        }}
      />
      {draft && (
        <Suspense>
          <AiDraftDialog
            notice={notice}
            draft={draft}
            isOpen={isDraftOpen}
            processing={busy}
            onProcessAgain={runAnalysis}
            onClose={() => setDraftOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
