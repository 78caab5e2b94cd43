import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  api,
  ApiError,
  apiV1,
  appPath,
  formatIndianDateTime,
  queryClient,
  sessionQueryKey,
  setCsrfToken,
  useSession,
  type Role,
  type SessionUser,
} from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { myWorkspacesKey, ROLE_LABELS } from '../workspace/workspace-queries';
import { CalloutIcon } from './app-icons';
import type { AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { LinkButton } from './LinkButton';
import { withCallbackUrl } from './sign-in-destination';

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

const invitationKey = (token: string) => ['invitation', token] as const;

/** The inviter's account may have been deleted since. */
const inviterOf = (invitation: InvitationPreview) => invitation.inviterName ?? 'A workspace administrator';

function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) =>
      apiV1<{ invitation: InvitationPreview }>('/invitations/lookup', { query: { token }, signal }).then((body) => body.invitation),
  });
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
  const signOut = useMutation({
    mutationFn: () => api('/auth/logout', { method: 'POST' }),
    onSuccess: async () => {
      // Everything cached belonged to the account that just signed out.
      setCsrfToken(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate(withCallbackUrl(appPath('/login'), here), { state: { email: invitation.email } satisfies AuthLocationState });
    },
    onError: (error) => void showErrorToast(error, 'You could not be signed out. Please try again.', 'Sign out failed'),
  });
  return (
    <>
      <Callout intent="warning" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert" title="Signed in with another address">
        This invitation was sent to {invitation.email}, but you are signed in as {user.email}. Sign in with the invited address to accept it.
      </Callout>
      <Button intent="primary" size="large" fill loading={signOut.isPending} text="Sign out and switch account" onClick={() => signOut.mutate()} />
    </>
  );
}

function AcceptAction({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => apiV1<AcceptedInvitation>('/invitations/accept', { method: 'POST', body: { token } }),
    onSuccess: ({ workspace }) => {
      void showToast({ title: 'Invitation accepted', message: `Welcome to ${workspace.name}.`, intent: 'success' });
      queryClient.removeQueries({ queryKey: myWorkspacesKey });
      void navigate(appPath(`/w/${workspace.externalId}/dashboard`), { replace: true });
    },
  });
  return (
    <>
      {accept.error && (
        <Callout intent="danger" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert">
          {accept.error instanceof ApiError ? accept.error.message : 'The invitation could not be accepted. Please try again.'}
        </Callout>
      )}
      {accept.error instanceof ApiError ? (
        <LinkButton to={appPath('/dashboard')} primary text="Go to dashboard" />
      ) : (
        <Button intent="primary" size="large" fill loading={accept.isPending} text="Accept invitation" onClick={() => accept.mutate()} />
      )}
    </>
  );
}

function UnavailableInvitation({ error, signedIn, onRetry }: { error: Error; signedIn: boolean; onRetry: () => void }) {
  const refused = error instanceof ApiError;
  return (
    <AuthLayout title="Invitation unavailable">
      <Callout intent="danger" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert">
        {refused ? error.message : 'The invitation could not be loaded. Please try again.'}
      </Callout>
      <div className="auth-actions">
        {!refused && <Button size="large" fill text="Try again" onClick={onRetry} />}
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
  const session = useSession();
  const invitation = useInvitation(token);
  const user = session.data?.user ?? null;

  if (session.isPending || invitation.isPending) {
    return (
      <div className="auth-pending" role="status" aria-label="Loading">
        <Spinner />
      </div>
    );
  }
  if (invitation.error) return <UnavailableInvitation error={invitation.error} signedIn={Boolean(user)} onRetry={() => void invitation.refetch()} />;

  const preview = invitation.data;
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
