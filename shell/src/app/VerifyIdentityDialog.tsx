import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { apiV1, ApiError, type StepUpPrompt } from '@axal/web-sdk';

interface VerifyIdentityDialogProps {
  prompt: StepUpPrompt;
  onVerified: () => void;
  onCancel: () => void;
}

const DEFAULT_REASON = 'Enter your account password to continue.';

/**
 * "Verify Your Identity": the account password typed again (`POST me/step-up`) before a secret is read or changed.
 * Mounted by StepUpHost while a call waits for it; unmounting closes it.
 */
export default function VerifyIdentityDialog({ prompt, onVerified, onCancel }: VerifyIdentityDialogProps) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [isVerifying, setVerifying] = useState(false);
  const inputId = useId();
  const problemId = `${inputId}-problem`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '' || isVerifying) return;
    setVerifying(true);
    try {
      await apiV1('/me/step-up', { method: 'POST', body: { password } });
      onVerified();
    } catch (error) {
      // A wrong password is typed again from scratch.
      setPassword('');
      setProblem(error instanceof ApiError ? error.message : 'Your identity could not be verified. Please try again.');
      setVerifying(false);
    }
  };

  return (
    <Dialog
      isOpen
      title="Verify Your Identity"
      icon="lock"
      onClose={onCancel}
      canEscapeKeyClose={!isVerifying}
      canOutsideClickClose={!isVerifying}
      isCloseButtonShown={!isVerifying}
    >
      <form onSubmit={(event) => void handleSubmit(event)}>
        <DialogBody>
          <p>{prompt.reason ?? DEFAULT_REASON}</p>
          <FormGroup
            label="Account password"
            labelFor={inputId}
            intent={problem ? 'danger' : 'none'}
            helperText={
              problem && (
                <span id={problemId} role="alert">
                  {problem}
                </span>
              )
            }
          >
            <InputGroup
              id={inputId}
              type="password"
              autoFocus
              autoComplete="current-password"
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                setProblem(undefined);
              }}
              disabled={isVerifying}
              intent={problem ? 'danger' : 'none'}
              aria-invalid={Boolean(problem)}
              aria-describedby={problem ? problemId : undefined}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onCancel} disabled={isVerifying} />
              <Button
                type="submit"
                intent="primary"
                text={isVerifying ? 'Verifying...' : (prompt.confirmLabel ?? 'Verify')}
                disabled={password === '' || isVerifying}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
