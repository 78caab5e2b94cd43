import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api, appPath, queryClient, sessionQueryKey, setCsrfToken, useSession, type SessionUser } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { loginSchema } from '../../../core/auth/schemas';
import { AuthLayout } from './AuthLayout';
import { FormField, fieldAttributes } from './FormField';
import { GoogleButton } from './GoogleButton';
import { PasswordInput } from './PasswordInput';
import { destinationAfterSignIn, withCallbackUrl } from './sign-in-destination';
import { useValidatedForm } from './use-validated-form';

/** Set by the sign-up page, so the new account's email is already filled in. */
export interface LoginLocationState {
  email?: string;
}

const fieldId = (field: string) => `login-${field}`;

/** Everything cached belongs to whoever was signed in before; the session itself is fetched again. */
async function startSignedInSession(csrfToken: string): Promise<void> {
  setCsrfToken(csrfToken);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** `{app}/login` (spec 1 sections 2.4, 4, 5.3, 8). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const googleEnabled = useSession().data?.providers.google === true;
  const prefilledEmail = (location.state as LoginLocationState | null)?.email ?? '';
  const form = useValidatedForm(loginSchema, { email: prefilledEmail, password: '', remember: false }, fieldId);
  const [submitting, setSubmitting] = useState(false);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSubmitting(true);
    try {
      const body = await api<{ user: SessionUser; csrfToken: string }>('/auth/login', { method: 'POST', body: input });
      void showToast({ message: `Welcome back, ${body.user.name}`, intent: 'success' });
      await startSignedInSession(body.csrfToken);
      void navigate(destinationAfterSignIn(callbackUrl), { replace: true });
    } catch (error) {
      setSubmitting(false);
      void showErrorToast(error, 'Something went wrong. Please try again.', 'Sign in failed');
    }
  };

  const emailErrors = form.errorsOf('email');
  const passwordErrors = form.errorsOf('password');
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Axal Practice account."
      footer={
        <>
          Don't have an account? <Link to={withCallbackUrl(appPath('/signup'), callbackUrl)}>Sign up</Link>
        </>
      }
    >
      {googleEnabled && (
        <>
          <GoogleButton href={`${appPath('/connect/google')}?callbackUrl=${encodeURIComponent(destinationAfterSignIn(callbackUrl))}`} />
          <p className="auth-divider">
            <span>OR CONTINUE WITH EMAIL</span>
          </p>
        </>
      )}
      <form className="auth-form" onSubmit={(event) => void signIn(event)} noValidate aria-label="Sign in">
        <FormField label="Email" inputId={fieldId('email')} errors={emailErrors}>
          <InputGroup
            {...fieldAttributes(fieldId('email'), emailErrors)}
            type="email"
            size="large"
            autoComplete="email"
            placeholder="you@yourfirm.in"
            value={form.values.email}
            onValueChange={(value) => form.setValue('email', value)}
            onBlur={() => form.leave('email')}
            autoFocus={!prefilledEmail}
          />
        </FormField>
        <FormField label="Password" inputId={fieldId('password')} errors={passwordErrors}>
          <PasswordInput
            {...fieldAttributes(fieldId('password'), passwordErrors)}
            size="large"
            autoComplete="current-password"
            placeholder="Your password"
            value={form.values.password}
            onValueChange={(value) => form.setValue('password', value)}
            onBlur={() => form.leave('password')}
            autoFocus={Boolean(prefilledEmail)}
          />
        </FormField>
        <Checkbox label="Remember me" checked={form.values.remember} onChange={(event) => form.setValue('remember', event.currentTarget.checked)} />
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Sign In" />
      </form>
    </AuthLayout>
  );
}
