import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { api, ApiError, appPath } from '@axal/web-sdk';
import { signupSchema } from '../../../core/auth/schemas';
import { useAuthLocationState, type AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Checkbox } from './controls/Checkbox';
import { Field, inputAttributes } from './controls/Field';
import { TextInput } from './controls/TextInput';
import { EmailField } from './EmailField';
import { GoogleButton } from './GoogleButton';
import { NewPasswordFields } from './NewPasswordFields';
import { useSessionStatus } from './session-status';
import { rememberDestinationAfterVerification, withCallbackUrl } from './sign-in-destination';
import { showErrorToast, showToast } from './toasts';
import { useValidatedForm } from './use-validated-form';

const TERMS_NOT_ACCEPTED = 'Please accept the Terms of Service and Privacy Policy to create an account';

/** The sign-up rules of the server, plus the terms checkbox that only the form has (spec 5.2). */
const signupFormSchema = signupSchema.safeExtend({ acceptTerms: z.boolean().refine(Boolean, TERMS_NOT_ACCEPTED) });

const fieldId = (field: string) => `signup-${field}`;

/**
 * `{app}/signup` (spec 1 sections 2.5, 4, 5.2, 8). Signing up neither signs in nor joins a workspace: the login page
 * (keeping the `callbackUrl`, e.g. back to an invitation) says to verify the address first.
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const callbackUrl = searchParams.get('callbackUrl');
  const googleEnabled = useSessionStatus().session?.providers.google === true;
  const { email: invitedEmail = '' } = useAuthLocationState();
  const form = useValidatedForm(signupFormSchema, { name: '', email: invitedEmail, password: '', confirmPassword: '', acceptTerms: false }, fieldId);
  const [submitting, setSubmitting] = useState(false);

  const createAccount = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSubmitting(true);
    try {
      const { acceptTerms: _accepted, ...account } = input;
      const body = await api<{ message: string }>('/auth/signup', { method: 'POST', body: account });
      showToast({ title: 'Account created', message: 'Please check your email to verify your account.', intent: 'success' });
      rememberDestinationAfterVerification(account.email, callbackUrl);
      const state: AuthLocationState = { email: account.email, notice: body.message };
      void navigate(withCallbackUrl(appPath('/login'), callbackUrl), { state });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 409) showToast({ title: 'Account exists', message: error.message, intent: 'warning' });
      else showErrorToast(error, 'Something went wrong', 'Error');
    }
  };

  const errors = {
    name: form.errorsOf('name'),
    acceptTerms: form.errorsOf('acceptTerms'),
  };
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start your 14-day free trial. No credit card required."
      footer={
        <>
          Already have an account? <Link to={withCallbackUrl(appPath('/login'), callbackUrl)}>Log in</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={(event) => void createAccount(event)} noValidate aria-label="Create account">
        <Field label="Full name" inputId={fieldId('name')} errors={errors.name}>
          <TextInput
            {...inputAttributes(fieldId('name'), errors.name)}
            autoComplete="name"
            placeholder="Asha Mehta"
            value={form.values.name}
            onValueChange={(value) => form.setValue('name', value)}
            onBlur={() => form.leave('name')}
            autoFocus
          />
        </Field>
        <EmailField form={form} fieldId={fieldId} />
        <NewPasswordFields form={form} fieldId={fieldId} />
        <div className="auth-terms">
          <Checkbox
            id={fieldId('acceptTerms')}
            aria-invalid={errors.acceptTerms.length > 0 || undefined}
            aria-describedby={errors.acceptTerms.length > 0 ? `${fieldId('acceptTerms')}-errors` : undefined}
            checked={form.values.acceptTerms}
            onChange={(event) => form.setValue('acceptTerms', event.currentTarget.checked)}
            label={
              <>
                I agree to the{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to="/privacy" target="_blank" rel="noopener">
                  Privacy Policy
                </Link>
              </>
            }
          />
          {errors.acceptTerms.length > 0 && (
            <p id={`${fieldId('acceptTerms')}-errors`} className="auth-terms__error">
              {errors.acceptTerms[0]}
            </p>
          )}
        </div>
        <Button type="submit" variant="primary" fill loading={submitting}>
          Create account
        </Button>
      </form>
      {googleEnabled && (
        <>
          <p className="auth-divider">
            <span>OR CONTINUE WITH</span>
          </p>
          <GoogleButton href={appPath('/connect/google/signup')} />
        </>
      )}
    </AuthLayout>
  );
}
