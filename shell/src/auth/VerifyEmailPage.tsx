import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, ApiError, appPath } from '@axal/web-sdk';
import { showErrorToast } from '@axal/web-sdk/ui';
import { CalloutIcon } from './app-icons';
import type { AuthLocationState } from './auth-location-state';
import { AuthLayout } from './AuthLayout';
import { LinkButton } from './LinkButton';
import { ResendVerificationForm } from './ResendVerification';
import { takeDestinationAfterVerification, withCallbackUrl } from './sign-in-destination';

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
        void showErrorToast(error, 'Something went wrong. Please try again.', 'Verification failed');
      }
    }
  };

  if (verification.status === 'verified') {
    return (
      <AuthLayout title="Email address verified">
        <Callout intent="success" icon={<CalloutIcon name="checkCircle" />} className="auth-callout" role="status">
          {verification.message}
        </Callout>
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
        <Callout intent="danger" icon={<CalloutIcon name="alert" />} className="auth-callout" role="alert">
          {verification.message}
        </Callout>
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
      <Button
        intent="primary"
        size="large"
        fill
        autoFocus
        loading={verification.status === 'verifying'}
        text="Verify email address"
        onClick={() => void verify()}
      />
    </AuthLayout>
  );
}
