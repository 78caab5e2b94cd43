import { Callout, Classes, Icon } from '@blueprintjs/core';
import { usePermission } from '@axal/web-sdk';
import { LoadingSkeleton } from '@axal/web-sdk/ui';
import { usePlatformCredentials } from '../../clients-api';
import { ClientSection } from '../ClientSection';
import { PortalCredentialCard } from './PortalCredentialCard';
import { PORTALS } from './portals';

const SECURITY_FACTS = [
  'Usernames and passwords are encrypted with AES-256 before they are stored.',
  'Only owners and admins can see or change the saved values.',
  'Passwords stay hidden until revealed; revealing or saving one asks for your own account password, at most every ten minutes.',
  'Every revealed password and every change is recorded in the activity log.',
  'Nothing signs in to a portal on its own: you always log in yourself.',
];

/** The client's GST and Income Tax portal logins (spec 2.10); values only for holders of manage_clients. */
export function CredentialsPanel({ workspaceId, clientId }: { workspaceId: string; clientId: string }) {
  const canManage = usePermission('manage_clients');
  const credentials = usePlatformCredentials(workspaceId, clientId);

  return (
    <ClientSection title="Platform Credentials" icon="key" subtitle="Protected with 256-bit encryption">
      <Callout intent="primary" icon="info-sign" className="credentials-notice" title="Automated login is disabled">
        Both portals require two-factor authentication and a CAPTCHA, so Axal never signs in for you. Open the login page and use the saved
        credentials there.
      </Callout>
      {credentials.error ? (
        <Callout intent="danger" icon="error" role="alert" title="Error loading credentials">
          There was a problem loading the credentials. Please try refreshing the page.
        </Callout>
      ) : credentials.isPending ? (
        <LoadingSkeleton rows={3} height={32} />
      ) : (
        <div className="portal-cards">
          {PORTALS.map((portal) => (
            <PortalCredentialCard
              key={portal.platform}
              workspaceId={workspaceId}
              clientId={clientId}
              portal={portal}
              saved={credentials.data.find((credential) => credential.platformName === portal.platform)}
              canManage={canManage}
            />
          ))}
        </div>
      )}
      <div className="credentials-security">
        <h3 className="credentials-security__title">
          <Icon icon="shield" /> Security information
        </h3>
        <ul className={`credentials-security__list ${Classes.TEXT_MUTED}`}>
          {SECURITY_FACTS.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </div>
    </ClientSection>
  );
}
