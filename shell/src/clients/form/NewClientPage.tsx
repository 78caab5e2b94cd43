import { Button, Card } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { apiV1, appPath } from '@axal/web-sdk';
import { showToast } from '@axal/web-sdk/ui';
import type { ClientInput } from '../../../../core/clients/schemas';
import type { ClientView } from '../../../../core/clients/wire';
import { RouterAnchorButton } from '../../workspace/router-links';
import { clientListsKey, clientsPath } from '../clients-api';
import { PageHeading } from '../PageHeading';
import { emptyClientFormValues, validateNewClient } from './client-form-values';
import { ClientFormFields } from './ClientFormFields';
import { showSavedToast } from './save-toast';
import { useClientForm } from './use-client-form';

const CREATE_FAILED = 'Failed to create client';

/** `{app}/w/:workspaceId/clients/new`: creates a business or an individual, then opens its page. */
export function NewClientPage() {
  const { workspaceId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useClientForm(emptyClientFormValues('BUSINESS'), validateNewClient);
  const listPath = appPath(clientsPath(workspaceId));

  const create = useMutation({
    mutationFn: (input: ClientInput) =>
      apiV1<{ client: ClientView; warnings: string[] }>('/clients', { method: 'POST', body: { ...input, workspaceExternalId: workspaceId } }),
    onSuccess: async ({ client, warnings }) => {
      showSavedToast('Client created', warnings);
      await queryClient.invalidateQueries({ queryKey: clientListsKey(workspaceId) });
      void navigate(`${listPath}/${client.externalId}`);
    },
    onError: (error) => {
      void showToast({ message: form.showServerError(error, CREATE_FAILED), intent: 'danger' });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = form.submit();
    if (input) create.mutate(input);
  };

  return (
    <div className="workspace-page client-new-page">
      <PageHeading title="New Client" description="Add a business or an individual with their tax identifiers and contact details." />
      <Card className="client-form-card">
        <form onSubmit={handleSubmit} noValidate aria-label="New client">
          <ClientFormFields form={form} mode="create" disabled={create.isPending} />
          <div className="client-form__actions">
            <RouterAnchorButton text="Cancel" to={listPath} disabled={create.isPending} />
            <Button type="submit" intent="primary" text={create.isPending ? 'Creating...' : 'Create Client'} disabled={create.isPending} />
          </div>
        </form>
      </Card>
    </div>
  );
}
