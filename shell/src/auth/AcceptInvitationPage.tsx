import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, apiV1, appPath, formatIndianDateTime, setCsrfToken, type Role, type SessionUser } from '@axal/web-sdk';
import { ROLE_LABELS } from '../workspace/workspace-queries';
import type { AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Notice } from './controls/Notice';
import { Spinner } from './controls/Spinner';
import { LinkButton } from './LinkButton';
import { reloadSessionStatus, useSessionStatus } from './session-status';
import { withCallbackUrl } from './sign-in-destination';
import { showErrorToast, showToast } from './toasts';

/** `GET {api}/invitations/lookup?token=`: what the invitation offers, readable without a session. */
interface InvitationPreview {
  workspaceName: string;
  role: Role;
  inviterName: string | null;
  email: string;
  expiresAt: string;
}

/** `POST {api}/invitations/accept`. */
interface AcceptedInvitation {
  workspace: { externalId: string; name: string };
  role: Role;
}

type InvitationLookup = { status: 'pending' } | { status: 'found'; invitation: InvitationPreview } | { status: 'failed'; error: Error };

/** The inviter's account may have been deleted since. */
const inviterOf = (invitation: InvitationPreview) => invitation.inviterName ?? 'A workspace administrator';

/** Looks the invitation up (again after `retry`); a lookup that is no longer wanted is cancelled. */
function useInvitation(token: string) {
  const [lookup, setLookup] = useState<InvitationLookup>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    apiV1<{ invitation: InvitationPreview }>('/invitations/lookup', { query: { token }, signal: controller.signal }).then(
      (body) => setLookup({ status: 'found', invitation: body.invitation }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLookup({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);
  const retry = () => {
    setLookup({ status: 'pending' });
    setAttempt((count) => count + 1);
  };
  return { lookup, retry };
}

function InvitationSummary({ invitation }: { invitation: InvitationPreview }) {
  return (
    <dl className="auth-invitation">
      <dt>Workspace</dt>
      <dd>{invitation.workspaceName}</dd>
      <dt>Role</dt>
      <dd>{ROLE_LABELS[invitation.role]}</dd>
      <dt>Invited by</dt>
      <dd>{inviterOf(invitation)}</dd>
      <dt>Sent to</dt>
      <dd>{invitation.email}</dd>
      <dt>Expires</dt>
      <dd>{formatIndianDateTime(invitation.expiresAt)}</dd>
    </dl>
  );
}

/** Signed out: sign in (or sign up, then verify) with the invited address and come back here. */
function SignedOutActions({ invitation, here }: { invitation: InvitationPreview; here: string }) {
  const state: AuthLocationState = { email: invitation.email };
  return (
    <>
      <p className="auth-invitation__note">
        Sign in with {invitation.email} to accept. New to Axal Practice? Create an account with that address first.
      </p>
      <div className="auth-actions">
        <LinkButton to={withCallbackUrl(appPath('/login'), here)} state={state} primary text="Log in to accept" />
        <LinkButton to={withCallbackUrl(appPath('/signup'), here)} state={state} text="Create an account" />
      </div>
    </>
  );
}

/** Signed in with another address: only the invited address may accept, so offer to switch accounts. */
function OtherAccountActions({ invitation, user, here }: { invitation: InvitationPreview; user: SessionUser; here: string }) {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api('/auth/logout', { method: 'POST' });
    } catch (error) {
      setSigningOut(false);
      showErrorToast(error, 'You could not be signed out. Please try again.', 'Sign out failed');
      return;
    }
    // The session changed, and the CSRF token with it.
    setCsrfToken(null);
    void reloadSessionStatus();
    void navigate(withCallbackUrl(appPath('/login'), here), { state: { email: invitation.email } satisfies AuthLocationState });
  };
  return (
    <>
      <Notice intent="warning" className="auth-callout" role="alert" title="Signed in with another address">
        This invitation was sent to {invitation.email}, but you are signed in as {user.email}. Sign in with the invited address to accept it.
      </Notice>
      <Button variant="primary" fill loading={signingOut} onClick={() => void signOut()}>
        Sign out and switch account
      </Button>
    </>
  );
}

function AcceptAction({ token }: { token: string }) {
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const accept = async () => {
    setAccepting(true);
    setFailure(null);
    try {
      const { workspace } = await apiV1<AcceptedInvitation>('/invitations/accept', { method: 'POST', body: { token } });
      showToast({ title: 'Invitation accepted', message: `Welcome to ${workspace.name}.`, intent: 'success' });
      void navigate(appPath(`/w/${workspace.externalId}/dashboard`), { replace: true });
    } catch (error) {
      setAccepting(false);
      setFailure(error);
    }
  };
  return (
    <>
      {failure !== null && (
        <Notice intent="danger" className="auth-callout" role="alert">
          {failure instanceof ApiError ? failure.message : 'The invitation could not be accepted. Please try again.'}
        </Notice>
      )}
      {failure instanceof ApiError ? (
        <LinkButton to={appPath('/dashboard')} primary text="Go to dashboard" />
      ) : (
        <Button variant="primary" fill loading={accepting} onClick={() => void accept()}>
          Accept invitation
        </Button>
      )}
    </>
  );
}

function UnavailableInvitation({ error, signedIn, onRetry }: { error: Error; signedIn: boolean; onRetry: () => void }) {
  const refused = error instanceof ApiError;
  return (
    <AuthLayout title="Invitation unavailable">
      <Notice intent="danger" className="auth-callout" role="alert">
        {refused ? error.message : 'The invitation could not be loaded. Please try again.'}
      </Notice>
      <div className="auth-actions">
        {!refused && (
          <Button fill onClick={onRetry}>
            Try again
          </Button>
        )}
        {signedIn ? (
          <LinkButton to={appPath('/dashboard')} primary text="Go to dashboard" />
        ) : (
          <LinkButton to={appPath('/login')} primary text="Log in" />
        )}
      </div>
    </AuthLayout>
  );
}

/**
 * `{app}/invitations/accept?token=`, the link of the invitation email: shows the workspace, the role and the inviter,
 * and lets only a signed-in account with exactly the invited address accept (the server checks it again).
 */
export function AcceptInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const { pending, session } = useSessionStatus();
  const { lookup, retry } = useInvitation(token);
  const user = session?.user ?? null;

  if (pending || lookup.status === 'pending') {
    return (
      <div className="auth-pending" role="status" aria-label="Loading">
        <Spinner />
      </div>
    );
  }
  if (lookup.status === 'failed') return <UnavailableInvitation error={lookup.error} signedIn={Boolean(user)} onRetry={retry} />;

  const preview = lookup.invitation;
  return (
    <AuthLayout title={`Join ${preview.workspaceName}`} subtitle={`${inviterOf(preview)} invited you to join as ${ROLE_LABELS[preview.role]}.`}>
      <InvitationSummary invitation={preview} />
      {!user ? (
        <SignedOutActions invitation={preview} here={here} />
      ) : user.email.toLowerCase() === preview.email.toLowerCase() ? (
        <AcceptAction token={token} />
      ) : (
        <OtherAccountActions invitation={preview} user={user} here={here} />
      )}
    </AuthLayout>
  );
}
