import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, appPath, queryClient, sessionQueryKey, setCsrfToken, useSession, type SessionUser } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { loginSchema } from '../../../core/auth/schemas';
import { CalloutIcon } from './app-icons';
import { useAuthLocationState, type AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { FormField, fieldAttributes } from './FormField';
import { GoogleButton } from './GoogleButton';
import { PasswordInput } from './PasswordInput';
import { ResendVerificationButton } from './ResendVerification';
import { destinationAfterSignIn, withCallbackUrl } from './sign-in-destination';
import { useValidatedForm } from './use-validated-form';

/** A right password for an address not verified yet: 403 with `verificationRequired`, and no session. */
interface VerificationRequired {
  email: string;
  message: string;
}

const verificationRequiredBy = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 403 && error.body.verificationRequired === true ? error.message : null;

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
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const googleEnabled = useSession().data?.providers.google === true;
  const { email: prefilledEmail = '', notice } = useAuthLocationState();
  const form = useValidatedForm(loginSchema, { email: prefilledEmail, password: '', remember: false }, fieldId);
  const [submitting, setSubmitting] = useState(false);
  const [unverified, setUnverified] = useState<VerificationRequired | null>(null);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSubmitting(true);
    setUnverified(null);
    try {
      const body = await api<{ user: SessionUser; csrfToken: string }>('/auth/login', { method: 'POST', body: input });
      void showToast({ message: `Welcome back, ${body.user.name}`, intent: 'success' });
      await startSignedInSession(body.csrfToken);
      void navigate(destinationAfterSignIn(callbackUrl), { replace: true });
    } catch (error) {
      setSubmitting(false);
      const verificationMessage = verificationRequiredBy(error);
      if (verificationMessage) setUnverified({ email: input.email, message: verificationMessage });
      else void showErrorToast(error, 'Something went wrong. Please try again.', 'Sign in failed');
    }
  };

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
      {unverified ? (
        <Callout intent="warning" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert" title="Verify your email address">
          <p>{unverified.message}</p>
          <ResendVerificationButton key={unverified.email} email={unverified.email} />
        </Callout>
      ) : (
        notice && (
          <Callout intent="success" icon={<CalloutIcon name="checkCircle" />} className="auth-callout" role="status">
            {notice}
          </Callout>
        )
      )}
      {googleEnabled && (
        <>
          <GoogleButton href={`${appPath('/connect/google')}?callbackUrl=${encodeURIComponent(destinationAfterSignIn(callbackUrl))}`} />
          <p className="auth-divider">
            <span>OR CONTINUE WITH EMAIL</span>
          </p>
        </>
      )}
      <form className="auth-form" onSubmit={(event) => void signIn(event)} noValidate aria-label="Sign in">
        <EmailField form={form} fieldId={fieldId} autoFocus={!prefilledEmail} />
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
        <div className="auth-form__row">
          <Checkbox label="Remember me" checked={form.values.remember} onChange={(event) => form.setValue('remember', event.currentTarget.checked)} />
          <Link to={appPath('/forgot-password')} state={{ email: form.values.email } satisfies AuthLocationState}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Sign In" />
      </form>
    </AuthLayout>
  );
}
