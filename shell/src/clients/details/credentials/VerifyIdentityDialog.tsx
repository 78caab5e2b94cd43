import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';

interface VerifyIdentityDialogProps {
  isOpen: boolean;
  portalTitle: string;
  isSaving: boolean;
  /** Rejects when the save failed (the caller reports it); the dialog then asks again. */
  onConfirm: (accountPassword: string) => Promise<void>;
  onClose: () => void;
}

/** Asks for the signed-in user's own password before portal credentials are stored. */
export function VerifyIdentityDialog({ isOpen, portalTitle, isSaving, onConfirm, onClose }: VerifyIdentityDialogProps) {
  const [accountPassword, setAccountPassword] = useState('');
  const inputId = useId();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accountPassword === '' || isSaving) return;
    try {
      await onConfirm(accountPassword);
    } catch {
      // The failure toast is the caller's; a wrong password is typed again from scratch.
      setAccountPassword('');
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      title="Verify Your Identity"
      icon="lock"
      onClose={onClose}
      onClosed={() => setAccountPassword('')}
      canEscapeKeyClose={!isSaving}
      canOutsideClickClose={!isSaving}
      isCloseButtonShown={!isSaving}
    >
      <form onSubmit={(event) => void handleSubmit(event)}>
        <DialogBody>
          <p>Enter your account password to save the {portalTitle} credentials.</p>
          <FormGroup label="Account password" labelFor={inputId}>
            <InputGroup
              id={inputId}
              type="password"
              autoFocus
              autoComplete="current-password"
              value={accountPassword}
              onValueChange={setAccountPassword}
              disabled={isSaving}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={isSaving} />
              <Button
                type="submit"
                intent="primary"
                text={isSaving ? 'Verifying...' : 'Confirm & Save'}
                disabled={accountPassword === '' || isSaving}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
