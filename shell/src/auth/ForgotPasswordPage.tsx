import { Button, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError, appPath } from '@axal/web-sdk';
import { showErrorToast } from '@axal/web-sdk/ui';
import { emailRequestSchema } from '../../../core/auth/schemas';
import { CalloutIcon } from './app-icons';
import { useAuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { EmailField } from './EmailField';
import { LinkButton } from './LinkButton';
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
      else void showErrorToast(error, 'Something went wrong. Please try again.', 'Request failed');
    } finally {
      setSubmitting(false);
    }
  };

  if (confirmation) {
    return (
      <AuthLayout title="Check your email" subtitle="The link in it works once, for one hour.">
        <Callout intent="success" icon={<CalloutIcon name="checkCircle" />} className="auth-callout" role="status">
          {confirmation}
        </Callout>
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
        <Callout intent="danger" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert">
          {refusal}
        </Callout>
      )}
      <form className="auth-form" onSubmit={(event) => void requestLink(event)} noValidate aria-label="Reset password">
        <EmailField form={form} fieldId={fieldId} autoFocus={true} />
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Send reset link" />
      </form>
    </AuthLayout>
  );
}
