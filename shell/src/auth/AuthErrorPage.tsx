import { useSearchParams } from 'react-router-dom';
import { appPath } from '@axal/web-sdk';
import { AuthLayout } from './AuthLayout';
import { Notice } from './controls/Notice';
import { LinkButton } from './LinkButton';

/** Spec 1 section 8: the Google failures by the `error` the server puts in the address. */
const MESSAGES: Record<string, string> = {
  GoogleSignin: 'Failed to sign in with Google. Please try again.',
  GoogleSignup: 'Failed to create account with Google. Please try again.',
};
const UNEXPECTED = 'An unexpected error occurred. Please try again.';

/** `/auth/error?error=GoogleSignin|GoogleSignup|...`. */
export function AuthErrorPage() {
  const [searchParams] = useSearchParams();
  const message = MESSAGES[searchParams.get('error') ?? ''] ?? UNEXPECTED;
  return (
    <AuthLayout title="Authentication Error" subtitle="We could not complete your sign-in.">
      <Notice intent="danger" className="auth-callout" role="alert">
        {message}
      </Notice>
      <div className="auth-actions">
        <LinkButton to={appPath('/login')} primary text="Back to login" />
        <LinkButton to={appPath('/signup')} text="Create an account" />
      </div>
    </AuthLayout>
  );
}
