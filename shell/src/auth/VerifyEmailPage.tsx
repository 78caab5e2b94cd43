import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, ApiError, appPath } from '@axal/web-sdk';
import type { AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { Button } from './controls/Button';
import { Notice } from './controls/Notice';
import { LinkButton } from './LinkButton';
import { ResendVerificationForm } from './ResendVerification';
import { takeDestinationAfterVerification, withCallbackUrl } from './sign-in-destination';
import { showErrorToast } from './toasts';

type Verification =
  | { status: 'waiting' | 'verifying' }
  | { status: 'verified'; message: string; email: string; callbackUrl: string | null }
  | { status: 'refused'; message: string };

/**
 * `{app}/verify-email?token=`, the link of the verification email. Opening it verifies nothing: a mail scanner that
 * follows every link must not, so the reader presses "Verify email address" (`POST {app}/auth/verify-email`).
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const [verification, setVerification] = useState<Verification>({ status: 'waiting' });

  const verify = async () => {
    setVerification({ status: 'verifying' });
    try {
      const body = await api<{ message: string; email: string }>('/auth/verify-email', {
        method: 'POST',
        body: { token: searchParams.get('token') ?? '' },
      });
      setVerification({ status: 'verified', ...body, callbackUrl: takeDestinationAfterVerification(body.email) });
    } catch (error) {
      if (error instanceof ApiError) setVerification({ status: 'refused', message: error.message });
      else {
        setVerification({ status: 'waiting' });
        showErrorToast(error, 'Something went wrong. Please try again.', 'Verification failed');
      }
    }
  };

  if (verification.status === 'verified') {
    return (
      <AuthLayout title="Email address verified">
        <Notice intent="success" className="auth-callout" role="status">
          {verification.message}
        </Notice>
        <LinkButton
          to={withCallbackUrl(appPath('/login'), verification.callbackUrl)}
          state={{ email: verification.email } satisfies AuthLocationState}
          primary
          text="Log in"
        />
      </AuthLayout>
    );
  }
  if (verification.status === 'refused') {
    return (
      <AuthLayout title="This link did not work" subtitle="Verified your address already? Log in. Otherwise ask for a new link below.">
        <Notice intent="danger" className="auth-callout" role="alert">
          {verification.message}
        </Notice>
        <div className="auth-actions">
          <LinkButton to={appPath('/login')} primary text="Log in" />
        </div>
        <p className="auth-divider">
          <span>OR ASK FOR A NEW LINK</span>
        </p>
        <ResendVerificationForm />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Verify your email address" subtitle="Confirm that this address is yours to finish setting up your account.">
      <Button variant="primary" fill autoFocus loading={verification.status === 'verifying'} onClick={() => void verify()}>
        Verify email address
      </Button>
    </AuthLayout>
  );
}
