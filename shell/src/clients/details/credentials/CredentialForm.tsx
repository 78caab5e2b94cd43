import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, apiV1 } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { credentialInputSchema } from '../../../../../core/clients/schemas';
import { clientCredentialsKey, clientKey, credentialsStatusKey, type PlatformCredential, type RevealedPassword } from '../../clients-api';
import type { Portal } from './portals';

const loginSchema = credentialInputSchema.pick({ username: true, password: true });

interface CredentialFormProps {
  workspaceId: string;
  clientId: string;
  portal: Portal;
  saved: PlatformCredential | undefined;
  extraAction: ReactNode;
}

/** A cancelled "Verify Your Identity" needs no message of its own. */
const reportUnlessDeclined = (error: Error, title: string) => {
  if (!(error instanceof ApiError && error.stepUpDeclined)) void showErrorToast(error, 'Please try again.', title);
};

/**
 * Username and password of one portal. The saved password stays masked until revealed; revealing and saving go
 * through "Verify Your Identity" when the last verification is older than ten minutes (spec 2.10, 4).
 */
export function CredentialForm({ workspaceId, clientId, portal, saved, extraAction }: CredentialFormProps) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(saved?.username ?? '');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [problem, setProblem] = useState<string>();
  const idPrefix = useId();
  const problemId = `${idPrefix}-problem`;
  const isSavedPasswordHidden = saved !== undefined && !saved.unreadable && password === '';

  const reveal = useMutation({
    mutationFn: () =>
      apiV1<RevealedPassword>(`/clients/${clientId}/credentials/${portal.platform}/reveal`, {
        query: { workspaceId },
        stepUp: { reason: `Enter your account password to see the saved ${portal.title} password.` },
      }),
    onSuccess: ({ password: revealed }) => {
      if (revealed === null) {
        void showToast({ message: 'The saved credentials could not be read. Please save them again.', intent: 'danger' });
        return;
      }
      setPassword(revealed);
      setPasswordShown(true);
    },
    onError: (error) => reportUnlessDeclined(error, 'Failed to reveal the password'),
  });

  const save = useMutation({
    mutationFn: () =>
      apiV1(`/clients/${clientId}/credentials`, {
        method: 'POST',
        body: { workspaceId, platformName: portal.platform, username, password },
        stepUp: { reason: `Enter your account password to save the ${portal.title} credentials.`, confirmLabel: 'Confirm & Save' },
      }),
    onSuccess: async () => {
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
    onError: (error) => reportUnlessDeclined(error, 'Failed to save credentials'),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate();
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setProblem(undefined);
  };

  return (
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
          placeholder={isSavedPasswordHidden ? '••••••••' : undefined}
          autoComplete="new-password"
          maxLength={200}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? problemId : undefined}
          rightElement={
            isSavedPasswordHidden ? (
              <Button variant="minimal" icon="eye-open" aria-label="Reveal password" loading={reveal.isPending} onClick={() => reveal.mutate()} />
            ) : (
              <Button
                variant="minimal"
                icon={isPasswordShown ? 'eye-off' : 'eye-open'}
                aria-label={isPasswordShown ? 'Hide password' : 'Show password'}
                aria-pressed={isPasswordShown}
                onClick={() => setPasswordShown((shown) => !shown)}
              />
            )
          }
        />
      </FormGroup>
      <div className="portal-card__actions">
        {extraAction}
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={save.isPending ? 'Verifying...' : 'Save Credentials'}
          disabled={username === '' || password === '' || save.isPending}
        />
      </div>
    </form>
  );
}
