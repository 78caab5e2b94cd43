import { Button, Card, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiV1, appPath, queryClient } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { workspaceInputSchema } from '../../../core/workspaces/schemas';
import { AppIcon } from '../auth/app-icons';
import { FormField, fieldAttributes } from '../auth/FormField';
import { useValidatedForm } from '../auth/use-validated-form';
import { AccountPageLayout } from '../profile/AccountPageLayout';
import { myWorkspacesKey, useMyWorkspaces } from './workspace-queries';

const NAME_FIELD_ID = 'workspace-name';

const NEXT_STEPS = [
  'Invite your team and give each person a role',
  'Add clients one by one or import them from a CSV file',
  'Switch on the modules your practice needs',
];

/** `{app}/create-workspace` (spec 1 sections 2.6, 5.1, 8). */
export function CreateWorkspacePage() {
  const navigate = useNavigate();
  const hasWorkspaces = (useMyWorkspaces().data?.length ?? 0) > 0;
  const form = useValidatedForm(workspaceInputSchema, { name: '' }, () => NAME_FIELD_ID);
  const [creating, setCreating] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setCreating(true);
    try {
      const workspace = await apiV1<{ externalId: string; name: string }>('/workspaces', { method: 'POST', body: input });
      void showToast({ title: 'Workspace created!', message: 'Redirecting to your dashboard...', intent: 'success' });
      await queryClient.invalidateQueries({ queryKey: myWorkspacesKey });
      void navigate(appPath(`/w/${workspace.externalId}/dashboard`));
    } catch (error) {
      setCreating(false);
      void showErrorToast(error, 'Something went wrong');
    }
  };

  const nameErrors = form.errorsOf('name');
  return (
    <AccountPageLayout
      title="Create a workspace"
      subtitle="A workspace holds your firm's clients, team, notices and documents. You can create more later."
      showBackLink={hasWorkspaces}
      width="narrow"
    >
      <Card className="account-card">
        <span className="create-workspace__icon">
          <AppIcon name="building" size={24} />
        </span>
        <form onSubmit={(event) => void create(event)} noValidate aria-label="Create workspace">
          <FormField
            label="Workspace Name"
            inputId={NAME_FIELD_ID}
            errors={nameErrors}
            hint="3 to 50 characters: letters, numbers, spaces and hyphens."
          >
            <InputGroup
              {...fieldAttributes(NAME_FIELD_ID, nameErrors)}
              size="large"
              placeholder="e.g. Sharma Tax Consultants"
              value={form.values.name}
              onValueChange={(value) => form.setValue('name', value)}
              onBlur={() => form.leave('name')}
              autoFocus
            />
          </FormField>
          <Button type="submit" intent="primary" size="large" fill disabled={creating} text={creating ? 'Creating...' : 'Create Workspace'} />
        </form>
        <ul className="create-workspace__next" aria-label="What comes next">
          {NEXT_STEPS.map((step) => (
            <li key={step}>
              <AppIcon name="checkCircle" size={18} />
              {step}
            </li>
          ))}
        </ul>
      </Card>
    </AccountPageLayout>
  );
}
