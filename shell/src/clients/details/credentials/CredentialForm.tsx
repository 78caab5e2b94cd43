import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { apiV1 } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { credentialInputSchema } from '../../../../../core/clients/schemas';
import { clientCredentialsKey, clientKey, credentialsStatusKey, type PlatformCredential } from '../../clients-api';
import type { Portal } from './portals';
import { VerifyIdentityDialog } from './VerifyIdentityDialog';

const loginSchema = credentialInputSchema.pick({ username: true, password: true });

interface CredentialFormProps {
  workspaceId: string;
  clientId: string;
  portal: Portal;
  saved: PlatformCredential | undefined;
  extraAction: ReactNode;
}

/** Username and password of one portal; saving goes through "Verify Your Identity" (spec 2.10, 4). */
export function CredentialForm({ workspaceId, clientId, portal, saved, extraAction }: CredentialFormProps) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(saved?.username ?? '');
  const [password, setPassword] = useState(saved?.password ?? '');
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [isVerifying, setVerifying] = useState(false);
  const idPrefix = useId();
  const problemId = `${idPrefix}-problem`;

  const save = useMutation({
    mutationFn: (accountPassword: string) =>
      apiV1(`/clients/${clientId}/credentials`, {
        method: 'POST',
        body: { workspaceId, platformName: portal.platform, username, password, accountPassword },
      }),
    onSuccess: async () => {
      setVerifying(false);
      void showToast({
        title: 'Credentials saved successfully',
        message: 'Your credentials have been encrypted and stored safely.',
        intent: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientCredentialsKey(workspaceId, clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKey(workspaceId, clientId), exact: true }),
        queryClient.invalidateQueries({ queryKey: credentialsStatusKey(workspaceId) }),
      ]);
    },
    onError: (error) => void showErrorToast(error, 'Please try again.', 'Failed to save credentials'),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setVerifying(true);
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setProblem(undefined);
  };

  return (
    <>
      <form onSubmit={handleSubmit} noValidate className="credential-form">
        <FormGroup label="Username" labelFor={`${idPrefix}-username`} intent={problem ? 'danger' : 'none'}>
          <InputGroup
            id={`${idPrefix}-username`}
            value={username}
            onValueChange={edit(setUsername)}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? problemId : undefined}
          />
        </FormGroup>
        <FormGroup
          label="Password"
          labelFor={`${idPrefix}-password`}
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
            id={`${idPrefix}-password`}
            type={isPasswordShown ? 'text' : 'password'}
            value={password}
            onValueChange={edit(setPassword)}
            autoComplete="new-password"
            maxLength={200}
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? problemId : undefined}
            rightElement={
              <Button
                variant="minimal"
                icon={isPasswordShown ? 'eye-off' : 'eye-open'}
                aria-label={isPasswordShown ? 'Hide password' : 'Show password'}
                aria-pressed={isPasswordShown}
                onClick={() => setPasswordShown((shown) => !shown)}
              />
            }
          />
        </FormGroup>
        <div className="portal-card__actions">
          {extraAction}
          <Button type="submit" intent="primary" icon="floppy-disk" text="Save Credentials" disabled={username === '' || password === ''} />
        </div>
      </form>
      {/* Outside the form: React sends the dialog's submit event up its component tree, portal or not. */}
      <VerifyIdentityDialog
        isOpen={isVerifying}
        portalTitle={portal.title}
        isSaving={save.isPending}
        onConfirm={(accountPassword) => save.mutateAsync(accountPassword).then(() => undefined)}
        onClose={() => setVerifying(false)}
      />
    </>
  );
}
