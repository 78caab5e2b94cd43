import { AnchorButton, Card, Classes, Tag } from '@blueprintjs/core';
import { useId } from 'react';
import { formatRelativeTime } from '@axal/web-sdk';
import type { PlatformCredential } from '../../clients-api';
import { InvalidCredentialsIcon, RECORD_INVALID_CREDENTIALS } from '../../InvalidCredentialsIcon';
import { CredentialForm } from './CredentialForm';
import type { Portal } from './portals';

interface PortalCredentialCardProps {
  workspaceId: string;
  clientId: string;
  portal: Portal;
  saved: PlatformCredential | undefined;
  canManage: boolean;
}

/** One portal: its login requirements, the saved login (editable by managers) and a link to its login page. */
export function PortalCredentialCard({ workspaceId, clientId, portal, saved, canManage }: PortalCredentialCardProps) {
  const titleId = useId();
  const openLoginPage = (
    <AnchorButton
      icon="share"
      text="Open Login Page"
      href={portal.loginUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open Login Page of the ${portal.title} (new tab)`}
    />
  );
  return (
    <Card className="portal-card" role="region" aria-labelledby={titleId}>
      <div className="portal-card__header">
        <h3 id={titleId} className="portal-card__title">
          {portal.title}
        </h3>
        {saved && !saved.isValid && <InvalidCredentialsIcon message={RECORD_INVALID_CREDENTIALS} />}
        <Tag minimal round intent={saved ? 'success' : 'none'} className="portal-card__status">
          {saved ? 'Saved' : 'Not saved'}
        </Tag>
      </div>
      <div className="portal-card__badges">
        <Tag minimal icon="mobile-phone">
          2FA Required
        </Tag>
        <Tag minimal icon="shield">
          CAPTCHA Protected
        </Tag>
      </div>
      {saved?.unreadable && (
        <p className="portal-card__problem" role="alert">
          The saved credentials could not be read. Please save them again.
        </p>
      )}
      {canManage ? (
        <CredentialForm workspaceId={workspaceId} clientId={clientId} portal={portal} saved={saved} extraAction={openLoginPage} />
      ) : (
        <>
          <p className={`portal-card__read-only ${Classes.TEXT_MUTED}`}>
            {saved ? `Credentials saved, updated ${formatRelativeTime(saved.updatedAt).toLowerCase()}.` : 'No credentials saved yet.'} Only owners and
            admins can see or change them.
          </p>
          <div className="portal-card__actions">{openLoginPage}</div>
        </>
      )}
    </Card>
  );
}
