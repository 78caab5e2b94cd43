import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@axal/web-sdk';
import { emailRequestSchema } from '../../../core/auth/schemas';
import { Button } from './controls/Button';
import { EmailField } from './EmailField';
import { useValidatedForm } from './use-validated-form';

type Outcome = { sent: true; message: string } | { sent: false; message: string };

const UNEXPECTED = 'The email could not be sent. Please try again.';

/** `POST {app}/auth/resend-verification`: the same 202 answer whoever asks, or the 429 of the per-email throttle. */
function useResendVerification() {
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resend = async (email: string) => {
    setSending(true);
    try {
      const body = await api<{ message: string }>('/auth/resend-verification', { method: 'POST', body: { email } });
      setOutcome({ sent: true, message: body.message });
    } catch (error) {
      setOutcome({ sent: false, message: error instanceof ApiError ? error.message : UNEXPECTED });
    } finally {
      setSending(false);
    }
  };
  return { sending, outcome, resend };
}

function OutcomeText({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return outcome.sent ? (
    <p className="auth-outcome auth-outcome--sent" role="status">
      {outcome.message}
    </p>
  ) : (
    <p className="auth-outcome auth-outcome--failed" role="alert">
      {outcome.message}
    </p>
  );
}

/** The "Resend verification email" action for an address the page already knows (a refused sign-in). */
export function ResendVerificationButton({ email }: { email: string }) {
  const { sending, outcome, resend } = useResendVerification();
  return (
    <div className="auth-resend">
      <Button loading={sending} onClick={() => void resend(email)}>
        Resend verification email
      </Button>
      <OutcomeText outcome={outcome} />
    </div>
  );
}

const fieldId = (field: string) => `resend-${field}`;

/** The same action where the address is not known, such as an expired verification link: the visitor types it. */
export function ResendVerificationForm() {
  const { sending, outcome, resend } = useResendVerification();
  const form = useValidatedForm(emailRequestSchema, { email: '' }, fieldId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (input) void resend(input.email);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Resend verification email">
      <EmailField form={form} fieldId={fieldId} />
      <Button type="submit" fill loading={sending}>
        Resend verification email
      </Button>
      <OutcomeText outcome={outcome} />
    </form>
  );
}
