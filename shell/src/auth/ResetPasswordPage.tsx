import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, ApiError, appPath, setCsrfToken } from '@axal/web-sdk';
import { resetPasswordSchema } from '../../../core/auth/schemas';
import type { AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Notice } from './controls/Notice';
import { LinkButton } from './LinkButton';
import { NewPasswordFields } from './NewPasswordFields';
import { reloadSessionStatus } from './session-status';
import { showErrorToast, showToast } from './toasts';
import { useValidatedForm } from './use-validated-form';

/** What the server says of a link without a token; the page says it at once rather than after the form. */
const LINK_WITHOUT_TOKEN = 'This password reset link is invalid or has already been used.';
const fieldId = (field: string) => `reset-${field}`;

/** A refused link is a 400 without field details (the password rules are checked here first, with the same schema). */
const refusedLinkMessage = (error: unknown): string | null =>
  error instanceof ApiError && error.status === 400 && Object.keys(error.details).length === 0 ? error.message : null;

function RefusedLink({ message }: { message: string }) {
  return (
    <AuthLayout title="This link did not work" subtitle="Your password has not been changed.">
      <Notice intent="danger" className="auth-callout" role="alert">
        {message}
      </Notice>
      <div className="auth-actions">
        <LinkButton to={appPath('/forgot-password')} primary text="Ask for a new link" />
        <LinkButton to={appPath('/login')} text="Back to login" />
      </div>
    </AuthLayout>
  );
}

/**
 * `{app}/reset-password?token=`: a new password with the sign-up rules (`POST {app}/auth/reset-password`). Success
 * ends every session of the account, this browser's included if it was signed in to it, and opens the login page.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useValidatedForm(resetPasswordSchema, { password: '', confirmPassword: '' }, fieldId);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(token ? null : LINK_WITHOUT_TOKEN);

  const resetPassword = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSubmitting(true);
    try {
      const body = await api<{ message: string }>('/auth/reset-password', {
        method: 'POST',
        body: { token, ...input },
      });
      // This browser's session may have been one of those ended: what the page knew of it is asked again.
      setCsrfToken(null);
      void reloadSessionStatus();
      showToast({ title: 'Password reset', message: body.message, intent: 'success' });
      void navigate(appPath('/login'), { replace: true, state: { notice: body.message } satisfies AuthLocationState });
    } catch (error) {
      setSubmitting(false);
      const refusedLink = refusedLinkMessage(error);
      if (refusedLink) setRefusal(refusedLink);
      else showErrorToast(error, 'Something went wrong. Please try again.', 'Password not reset');
    }
  };

  if (refusal) return <RefusedLink message={refusal} />;
  return (
    <AuthLayout title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      <form className="auth-form" onSubmit={(event) => void resetPassword(event)} noValidate aria-label="Choose a new password">
        <NewPasswordFields form={form} fieldId={fieldId} label="New password" autoFocus />
        <Button type="submit" variant="primary" fill loading={submitting}>
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
