import { Button, Card, Classes, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate, formatRelativeTime } from '@axal/web-sdk';
import { ConfirmAlert, EmptyState, ErrorState, LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import type { ActiveSession } from '../../../core/auth/wire';
import { useMySessions, useSignOutOtherSessions, useSignOutSession } from './sessions-api';

const COLUMNS = ['Browser', 'IP address', 'Signed in', 'Last active'] as const;

const deviceOf = (session: ActiveSession) => (session.os ? `${session.browser} on ${session.os}` : session.browser);

/** "05 Mar 2025, 3:45 pm". */
const signedInText = (iso: string) => `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}`;

function SignOutSessionButton({ session }: { session: ActiveSession }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutSession();
  const device = deviceOf(session);
  const confirm = () =>
    signOut.mutate(session.id, {
      onSuccess: () => void showToast({ title: 'Session signed out', message: `${device} (${session.ip}) is signed out.`, intent: 'success' }),
      onError: (error) => void showErrorToast(error, 'The session could not be signed out. Please try again.', 'Session not signed out'),
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <Button
        variant="minimal"
        intent="danger"
        text="Sign out"
        aria-label={`Sign out ${device} (${session.ip})`}
        onClick={() => setConfirming(true)}
      />
      <ConfirmAlert
        title="Sign out this session?"
        isOpen={confirming}
        intent="danger"
        confirmButtonText="Sign out"
        cancelButtonText="Cancel"
        loading={signOut.isPending}
        canEscapeKeyCancel={!signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Sign out <strong>{device}</strong> at {session.ip}? Whoever uses that browser will have to sign in again.
        </p>
      </ConfirmAlert>
    </>
  );
}

function SignOutOtherSessionsButton({ others }: { others: number }) {
  const [confirming, setConfirming] = useState(false);
  const signOutOthers = useSignOutOtherSessions();
  const confirm = () =>
    signOutOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        void showToast({
          title: 'Other sessions signed out',
          message: ended ? `${ended} other session${ended === 1 ? ' is' : 's are'} signed out.` : 'No other session was signed in.',
          intent: 'success',
        }),
      onError: (error) => void showErrorToast(error, 'The other sessions could not be signed out. Please try again.', 'Sessions not signed out'),
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <Button intent="danger" variant="outlined" text="Sign out all other sessions" disabled={others === 0} onClick={() => setConfirming(true)} />
      <ConfirmAlert
        title="Sign out all other sessions?"
        isOpen={confirming}
        intent="danger"
        confirmButtonText="Sign out all"
        cancelButtonText="Cancel"
        loading={signOutOthers.isPending}
        canEscapeKeyCancel={!signOutOthers.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Sign out all other sessions? Every other browser and device signed in to your account ({others}) will have to sign in again. This one stays
          signed in.
        </p>
      </ConfirmAlert>
    </>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  return (
    <tr>
      <td data-label="Browser">
        <span className="sessions-table__browser">
          {session.browser}
          {session.current && (
            <Tag minimal round intent="primary">
              This device
            </Tag>
          )}
        </span>
        {session.os && <span className={`sessions-table__os ${Classes.TEXT_MUTED}`}>{session.os}</span>}
      </td>
      <td data-label="IP address" className="sessions-table__ip">
        {session.ip}
      </td>
      <td data-label="Signed in">
        <time dateTime={session.signedInAt}>{signedInText(session.signedInAt)}</time>
      </td>
      <td data-label="Last active">
        <time dateTime={session.lastActiveAt}>{formatRelativeTime(session.lastActiveAt)}</time>
      </td>
      <td className="sessions-table__action">{!session.current && <SignOutSessionButton session={session} />}</td>
    </tr>
  );
}

function SessionList() {
  const sessions = useMySessions();
  if (sessions.isPending) return <LoadingSkeleton rows={3} height={36} />;
  if (sessions.error) {
    return (
      <ErrorState title="Sessions could not be loaded" message="Your list of sessions could not be loaded." onRetry={() => void sessions.refetch()} />
    );
  }
  const list = sessions.data.sessions;
  if (!list.length) return <EmptyState title="No active sessions" description="Sessions appear here once you sign in." />;
  const others = list.filter((session) => !session.current).length;
  return (
    <>
      <div className="sessions-table-wrapper">
        <HTMLTable className="sessions-table" aria-label="Active sessions">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              <th scope="col" aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {others === 0 && <p className={`sessions-alone ${Classes.TEXT_MUTED}`}>You are signed in on this device only.</p>}
      <div className="account-card__actions">
        <SignOutOtherSessionsButton others={others} />
      </div>
    </>
  );
}

/** Where the user is signed in, with a way to sign out any other session (a lost phone, a shared computer). */
export function SessionsCard() {
  return (
    <Card className="account-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="account-card__title">
        Sessions
      </h2>
      <p className="account-card__description">The browsers and devices signed in to your account. Sign out any you do not recognise.</p>
      <SessionList />
    </Card>
  );
}
