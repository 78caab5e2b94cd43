import { Button, Classes, FormGroup, InputGroup, SectionCard } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiV1, formatDate, usePermission, useWorkspaceRole } from '@axal/web-sdk';
import { LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import { workspaceNameSchema } from '../../../core/workspaces/schemas';
import { myWorkspacesKey, ROLE_LABELS, workspaceKey, type WorkspaceDetail } from '../workspace/workspace-queries';
import { SettingsSection } from './SettingsSection';

function nameProblem(name: string): string | undefined {
  const result = workspaceNameSchema.safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function RenameWorkspaceForm({ workspace }: { workspace: WorkspaceDetail }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(workspace.name);
  const [serverProblem, setServerProblem] = useState<string>();
  const inputId = useId();
  const helperId = useId();
  const rename = useMutation({
    mutationFn: (newName: string) => apiV1<{ name: string }>(`/workspaces/${workspace.externalId}`, { method: 'PATCH', body: { name: newName } }),
    onSuccess: async ({ name: savedName }) => {
      void showToast({ title: 'Workspace renamed', message: `This workspace is now called ${savedName}.`, intent: 'success' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKey(workspace.externalId), exact: true }),
        queryClient.invalidateQueries({ queryKey: myWorkspacesKey, exact: true }),
      ]);
    },
    onError: (error) => {
      const fieldProblem = error instanceof ApiError ? error.fieldError('name') : undefined;
      if (fieldProblem) setServerProblem(fieldProblem);
      else void showErrorToast(error, 'The workspace could not be renamed. Please try again.', 'Rename failed');
    },
  });

  const edited = name !== workspace.name;
  const problem = (edited ? nameProblem(name) : undefined) ?? serverProblem;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!edited || problem || rename.isPending) return;
    rename.mutate(name);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormGroup
        label="Workspace name"
        labelFor={inputId}
        intent={problem ? 'danger' : 'none'}
        helperText={
          problem ? (
            <span id={helperId} role="alert">
              {problem}
            </span>
          ) : (
            <span id={helperId}>3 to 50 letters, numbers, spaces or hyphens.</span>
          )
        }
      >
        <div className="settings-inline-form">
          <InputGroup
            id={inputId}
            value={name}
            onValueChange={(value) => {
              setName(value);
              setServerProblem(undefined);
            }}
            intent={problem ? 'danger' : 'none'}
            aria-invalid={Boolean(problem)}
            aria-describedby={helperId}
            disabled={rename.isPending}
            maxLength={80}
          />
          <Button
            type="submit"
            intent="primary"
            text={rename.isPending ? 'Saving...' : 'Save'}
            disabled={!edited || Boolean(problem) || rename.isPending}
          />
        </div>
      </FormGroup>
    </form>
  );
}

function WorkspaceFacts({ workspace }: { workspace: WorkspaceDetail }) {
  return (
    <dl className="settings-facts">
      <div>
        <dt className={Classes.TEXT_MUTED}>Your role</dt>
        <dd>{ROLE_LABELS[workspace.role]}</dd>
      </div>
      <div>
        <dt className={Classes.TEXT_MUTED}>Members</dt>
        <dd>{workspace.memberCount}</dd>
      </div>
      <div>
        <dt className={Classes.TEXT_MUTED}>Created</dt>
        <dd>{formatDate(workspace.createdAt)}</dd>
      </div>
    </dl>
  );
}

export function GeneralSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const role = useWorkspaceRole();
  const canRename = usePermission('manage_workspace');
  return (
    <SettingsSection title="Workspace" subtitle="Its name is shown in the sidebar and the workspace switcher of every member.">
      <SectionCard>
        {role.isPending ? (
          <LoadingSkeleton rows={2} height={30} />
        ) : canRename ? (
          // Keyed by the saved name, so the field starts over from it after a rename.
          <RenameWorkspaceForm key={workspace.name} workspace={workspace} />
        ) : (
          <FormGroup label="Workspace name" labelFor="workspace-name-read-only" helperText="Only owners and admins can rename this workspace.">
            <InputGroup id="workspace-name-read-only" className="settings-name-input" value={workspace.name} readOnly />
          </FormGroup>
        )}
      </SectionCard>
      <SectionCard>
        <WorkspaceFacts workspace={workspace} />
      </SectionCard>
    </SettingsSection>
  );
}
