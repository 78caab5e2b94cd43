import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, appPath, setCsrfToken, type SessionUser } from '@axal/web-sdk';
import { loginSchema } from '../../../core/auth/schemas';
import { useAuthLocationState, type AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Checkbox } from './controls/Checkbox';
import { Field, inputAttributes } from './controls/Field';
import { Notice } from './controls/Notice';
import { PasswordTextInput } from './controls/TextInput';
import { EmailField } from './EmailField';
import { GoogleButton } from './GoogleButton';
import { ResendVerificationButton } from './ResendVerification';
import { reloadSessionStatus, useSessionStatus } from './session-status';
import { destinationAfterSignIn, withCallbackUrl } from './sign-in-destination';
import { showErrorToast, showToast } from './toasts';
import { useValidatedForm } from './use-validated-form';

/** A right password for an address not verified yet: 403 with `verificationRequired`, and no session. */
interface VerificationRequired {
  email: string;
  message: string;
}

const verificationRequiredBy = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 403 && error.body.verificationRequired === true ? error.message : null;

const fieldId = (field: string) => `login-${field}`;

/** `{app}/login` (spec 1 sections 2.4, 4, 5.3, 8). */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const googleEnabled = useSessionStatus().session?.providers.google === true;
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
      showToast({ message: `Welcome back, ${body.user.name}`, intent: 'success' });
      // The session changed, and the CSRF token with it. A workspace page is the app's: its first load starts afresh.
      setCsrfToken(body.csrfToken);
      void navigate(destinationAfterSignIn(callbackUrl), { replace: true });
      void reloadSessionStatus();
    } catch (error) {
      setSubmitting(false);
      const verificationMessage = verificationRequiredBy(error);
      if (verificationMessage) setUnverified({ email: input.email, message: verificationMessage });
      else showErrorToast(error, 'Something went wrong. Please try again.', 'Sign in failed');
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
        <Notice intent="warning" className="auth-callout" role="alert" title="Verify your email address">
          <p>{unverified.message}</p>
          <ResendVerificationButton key={unverified.email} email={unverified.email} />
        </Notice>
      ) : (
        notice && (
          <Notice intent="success" className="auth-callout" role="status">
            {notice}
          </Notice>
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
        <Field label="Password" inputId={fieldId('password')} errors={passwordErrors}>
          <PasswordTextInput
            {...inputAttributes(fieldId('password'), passwordErrors)}
            autoComplete="current-password"
            placeholder="Your password"
            value={form.values.password}
            onValueChange={(value) => form.setValue('password', value)}
            onBlur={() => form.leave('password')}
            autoFocus={Boolean(prefilledEmail)}
          />
        </Field>
        <div className="auth-form__row">
          <Checkbox label="Remember me" checked={form.values.remember} onChange={(event) => form.setValue('remember', event.currentTarget.checked)} />
          <Link to={appPath('/forgot-password')} state={{ email: form.values.email } satisfies AuthLocationState}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" variant="primary" fill loading={submitting}>
          Sign In
        </Button>
      </form>
    </AuthLayout>
  );
}
