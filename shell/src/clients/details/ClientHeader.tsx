import { Button, Card, Classes, H1, Tag } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { formatDate, formatPhone, initialsOf, phoneHref, usePermission } from '@axal/web-sdk';
import type { ClientDetailView } from '../../../../core/clients/wire';
import { useDocumentTitle } from '../../public/page-hooks';
import { CLIENT_TYPE_LABELS, hasInvalidCredential } from '../clients-api';
import { EditClientDialog } from '../form/EditClientDialog';
import { InvalidCredentialsIcon, RECORD_INVALID_CREDENTIALS } from '../InvalidCredentialsIcon';
import { AadhaarNumber } from './AadhaarNumber';
import { DeleteClientDialog } from './DeleteClientDialog';

/** Name, who to speak to, contact details and identifiers; Edit and Delete for managers (spec 2.9). */
export function ClientHeader({ workspaceId, client }: { workspaceId: string; client: ClientDetailView }) {
  useDocumentTitle(client.name);
  const canManage = usePermission('manage_clients');
  const [openDialog, setOpenDialog] = useState<'edit' | 'delete' | null>(null);
  const isBusiness = client.clientType === 'BUSINESS';
  const subtitle = isBusiness ? client.contactPerson : client.occupation;

  return (
    <>
      <header className="client-header">
        <div className="client-header__identity">
          <span className="client-avatar" aria-hidden="true">
            {initialsOf(client.name)}
          </span>
          <div className="client-header__text">
            <div className="client-header__title-row">
              <H1 className="client-header__name">{client.name}</H1>
              {hasInvalidCredential(client.credentials) && <InvalidCredentialsIcon message={RECORD_INVALID_CREDENTIALS} />}
              <Tag minimal round intent={isBusiness ? 'primary' : 'success'}>
                {CLIENT_TYPE_LABELS[client.clientType]}
              </Tag>
            </div>
            {subtitle && <p className={`client-header__subtitle ${Classes.TEXT_MUTED}`}>{isBusiness ? `Contact person: ${subtitle}` : subtitle}</p>}
          </div>
        </div>
        {canManage && (
          <div className="client-header__actions">
            <Button icon="edit" text="Edit Client" onClick={() => setOpenDialog('edit')} />
            <Button icon="trash" intent="danger" variant="outlined" text="Delete Client" onClick={() => setOpenDialog('delete')} />
          </div>
        )}
      </header>
      <Card className="client-facts-card">
        <dl className="client-facts">
          <Fact label="Email">
            <a href={`mailto:${client.email}`}>{client.email}</a>
          </Fact>
          <Fact label="Phone">
            <a href={phoneHref(client.phone)}>{formatPhone(client.phone)}</a>
          </Fact>
          <Fact label="PAN" code>
            {client.panNumber}
          </Fact>
          {isBusiness ? (
            <Fact label="GSTIN" code>
              {client.gstin}
            </Fact>
          ) : (
            <>
              <Fact label="Aadhaar" code>
                {client.aadhaarNumber && (
                  <AadhaarNumber
                    key={client.aadhaarNumber}
                    workspaceId={workspaceId}
                    clientId={client.externalId}
                    masked={client.aadhaarNumber}
                    canReveal={canManage}
                  />
                )}
              </Fact>
              <Fact label="Date of Birth">{client.dateOfBirth && formatDate(client.dateOfBirth)}</Fact>
            </>
          )}
          <Fact label="TAN" code>
            {client.tan}
          </Fact>
          <Fact label="Industry">{client.industry}</Fact>
          <Fact label="Client since">{formatDate(client.createdAt)}</Fact>
          <Fact label={isBusiness ? 'Business Address' : 'Residential Address'} wide>
            {isBusiness ? client.businessAddress : client.residentialAddress}
          </Fact>
        </dl>
      </Card>
      {canManage && (
        <>
          <EditClientDialog workspaceId={workspaceId} client={client} isOpen={openDialog === 'edit'} onClose={() => setOpenDialog(null)} />
          <DeleteClientDialog workspaceId={workspaceId} client={client} isOpen={openDialog === 'delete'} onClose={() => setOpenDialog(null)} />
        </>
      )}
    </>
  );
}

function Fact({ label, children, code = false, wide = false }: { label: string; children: ReactNode; code?: boolean; wide?: boolean }) {
  const missing = children === null || children === undefined || children === '';
  return (
    <div className={wide ? 'client-facts__wide' : undefined}>
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd className={code && !missing ? 'client-facts__code' : undefined}>
        {missing ? <span className={Classes.TEXT_MUTED}>Not set</span> : children}
      </dd>
    </div>
  );
}
