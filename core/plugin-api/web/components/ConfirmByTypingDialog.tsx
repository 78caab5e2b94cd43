import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCopyToClipboard } from '../use-copy-to-clipboard';

export interface ConfirmByTypingDialogProps {
  isOpen: boolean;
  title: ReactNode;
  description: ReactNode;
  /** What the user must type, exactly (case and spaces count), e.g. the workspace name. */
  expectedText: string;
  /** e.g. "Delete Workspace". */
  confirmLabel: string;
  /** e.g. "Deleting...". */
  busyLabel: string;
  /** Reports its own failures (e.g. with a toast); a rejection only ends the busy state. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  mismatchMessage?: string;
}

const COPY_BUTTON = {
  idle: { icon: 'duplicate', text: 'Copy' },
  copied: { icon: 'tick', text: 'Copied' },
  failed: { icon: 'error', text: 'Failed to copy' },
} as const;

/** The "type the name to delete" confirmation: the confirm button works only once the text matches. */
export function ConfirmByTypingDialog({
  isOpen,
  title,
  description,
  expectedText,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
  mismatchMessage = 'Please type the name exactly as shown',
}: ConfirmByTypingDialogProps) {
  const [typedText, setTypedText] = useState('');
  const [busy, setBusy] = useState(false);
  const { copy, state: copyState } = useCopyToClipboard();
  const mismatchId = useId();
  const descriptionId = useId();
  const expectedTextId = useId();

  const matches = typedText === expectedText;
  // Flagged once the text can no longer become the expected one, not while it is still being typed.
  const showMismatch = typedText !== '' && !expectedText.startsWith(typedText);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter cannot submit past the disabled button; this guards any other way of submitting.
    if (!matches || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // Reporting the failure is the caller's part (see onConfirm); the dialog only stops being busy.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={title}
      onClose={onClose}
      onClosed={() => setTypedText('')}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      isCloseButtonShown={!busy}
      aria-describedby={descriptionId}
    >
      <form onSubmit={(event) => void handleSubmit(event)}>
        <DialogBody>
          <div id={descriptionId} style={{ marginBottom: 12 }}>
            {description}
          </div>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
            <code id={expectedTextId} className={Classes.CODE_BLOCK} style={{ flex: 1, margin: 0, overflowWrap: 'anywhere' }}>
              {expectedText}
            </code>
            <Button
              variant="minimal"
              icon={COPY_BUTTON[copyState].icon}
              text={COPY_BUTTON[copyState].text}
              intent={copyState === 'failed' ? 'danger' : 'none'}
              onClick={() => void copy(expectedText)}
            />
          </div>
          <FormGroup
            intent={showMismatch ? 'danger' : 'none'}
            helperText={
              showMismatch ? (
                <span id={mismatchId} role="alert">
                  {mismatchMessage}
                </span>
              ) : undefined
            }
          >
            <InputGroup
              autoFocus
              aria-label="Type to confirm"
              autoComplete="off"
              spellCheck={false}
              value={typedText}
              onValueChange={setTypedText}
              disabled={busy}
              intent={showMismatch ? 'danger' : 'none'}
              aria-invalid={showMismatch}
              // What to type and why, read out when the box takes focus; the mismatch after them once there is one.
              aria-describedby={[descriptionId, expectedTextId, showMismatch ? mismatchId : null].filter(Boolean).join(' ')}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={busy} />
              <Button type="submit" intent="danger" text={busy ? busyLabel : confirmLabel} disabled={!matches || busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
