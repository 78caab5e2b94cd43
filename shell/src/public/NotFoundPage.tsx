import { appPath } from '@axal/web-sdk';

/** Unknown addresses, and workspaces the user is not a member of (no hint that they exist). */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return (
    <main style={{ padding: embedded ? 0 : '15vh 24px', textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>The page you asked for does not exist, or you do not have access to it.</p>
      <a href={appPath('/dashboard')}>Go to your dashboard</a>
    </main>
  );
}
