import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useId } from 'react';
import { showToast, useCopyToClipboard } from '@axal/web-sdk/ui';
import { NOTICE_AI_TEXTS, type NoticeView } from '../../../shared/wire';
import { AiProvenance } from './AiProvenance';

interface AiDraftDialogProps {
  notice: NoticeView;
  draft: string;
  isOpen: boolean;
  /** True while Process again (or the header's button) runs the analysis. */
  processing: boolean;
  onProcessAgain: () => void;
  onClose: () => void;
}

/**
 * 'AI Draft Reply' (spec 2 section 2.10): the draft as written, to read and copy, with the analysis run again on
 * request (the draft is replaced in place when it finishes). The draft scrolls inside its own focusable region, so
 * a keyboard reaches all of it and the dialog's buttons stay in view.
 */
export function AiDraftDialog({ notice, draft, isOpen, processing, onProcessAgain, onClose }: AiDraftDialogProps) {
  const { copy, state } = useCopyToClipboard();
  const draftLabelId = useId();

  const onCopy = async () => {
    const copied = await copy(draft);
    void showToast(
      copied
        ? { title: NOTICE_AI_TEXTS.copied, message: NOTICE_AI_TEXTS.copiedText, intent: 'success' }
        : { title: NOTICE_AI_TEXTS.copyFailed, message: NOTICE_AI_TEXTS.copyFailedText, intent: 'danger' },
    );
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={NOTICE_AI_TEXTS.draftTitle} icon="manual" className="notices-ai-dialog">
      <DialogBody className="notices-ai-dialog__body">
        <p className={`notices-ai-dialog__lead ${Classes.TEXT_MUTED}`}>
          <span id={draftLabelId}>
            Reply to {notice.noticeType}
            {notice.reference ? ` (${notice.reference})` : ''}
          </span>
          {notice.ai && (
            <>
              {' · '}
              <AiProvenance ai={notice.ai} verb="Drafted" />
            </>
          )}
        </p>
        <div className="notices-ai-draft" role="region" aria-labelledby={draftLabelId} tabIndex={0} aria-busy={processing || undefined}>
          {draft}
        </div>
        <p className={`notices-ai-dialog__note ${Classes.TEXT_MUTED}`}>Check the facts and fill in any placeholders before you send it.</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              icon="refresh"
              variant="outlined"
              text={processing ? NOTICE_AI_TEXTS.processing : 'Process again'}
              className={processing ? Classes.DISABLED : undefined}
              aria-disabled={processing || undefined}
              aria-busy={processing || undefined}
              onClick={() => {
                if (!processing) onProcessAgain();
              }}
            />
            <Button intent="primary" icon={state === 'copied' ? 'tick' : 'duplicate'} text="Copy" onClick={() => void onCopy()} />
          </>
        }
      />
    </Dialog>
  );
}
