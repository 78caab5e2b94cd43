import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError, appPath } from '@axal/web-sdk';
import { emailRequestSchema } from '../../../core/auth/schemas';
import { useAuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Notice } from './controls/Notice';
import { EmailField } from './EmailField';
import { LinkButton } from './LinkButton';
import { showErrorToast } from './toasts';
import { useValidatedForm } from './use-validated-form';

const fieldId = (field: string) => `forgot-${field}`;

/**
 * `{app}/forgot-password`: asks for a reset link (`POST {app}/auth/forgot-password`). The answer is the same
 * whether or not the address has an account, so the page says the same thing too; only the throttle's 429 differs.
 */
export function ForgotPasswordPage() {
  const { email: typedOnLogin = '' } = useAuthLocationState();
  const form = useValidatedForm(emailRequestSchema, { email: typedOnLogin }, fieldId);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);

  const requestLink = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const body = await api<{ message: string }>('/auth/forgot-password', { method: 'POST', body: input });
      setConfirmation(body.message);
    } catch (error) {
      if (error instanceof ApiError) setRefusal(error.message);
      else showErrorToast(error, 'Something went wrong. Please try again.', 'Request failed');
    } finally {
      setSubmitting(false);
    }
  };

  if (confirmation) {
    return (
      <AuthLayout title="Check your email" subtitle="The link in it works once, for one hour.">
        <Notice intent="success" className="auth-callout" role="status">
          {confirmation}
        </Notice>
        <LinkButton to={appPath('/login')} primary text="Back to login" />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to={appPath('/login')}>Back to login</Link>
        </>
      }
    >
      {refusal && (
        <Notice intent="danger" className="auth-callout" role="alert">
          {refusal}
        </Notice>
      )}
      <form className="auth-form" onSubmit={(event) => void requestLink(event)} noValidate aria-label="Reset password">
        <EmailField form={form} fieldId={fieldId} autoFocus={true} />
        <Button type="submit" variant="primary" fill loading={submitting}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
