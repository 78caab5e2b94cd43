import '@blueprintjs/core/lib/css/blueprint.css';
import './auth.css';
import { BlueprintProvider, Spinner } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@axal/web-sdk';
import { AcceptInvitationPage as AcceptInvitation } from './AcceptInvitationPage';
import { AuthErrorPage as AuthError } from './AuthErrorPage';
import { ForgotPasswordPage as ForgotPassword } from './ForgotPasswordPage';
import { LoginPage as Login } from './LoginPage';
import { ResetPasswordPage as ResetPassword } from './ResetPasswordPage';
import { destinationAfterSignIn } from './sign-in-destination';
import { SignupPage as Signup } from './SignupPage';
import { VerifyEmailPage as VerifyEmail } from './VerifyEmailPage';
import { WorkspaceDeletedPage as WorkspaceDeleted } from './WorkspaceDeletedPage';

function withBlueprint(Page: ComponentType): ComponentType {
  return function AuthAreaPage() {
    return (
      <BlueprintProvider>
        <Page />
      </BlueprintProvider>
    );
  };
}

/** Login and sign-up are for signed-out visitors; a signed-in one goes where signing in would have taken them. */
function signedOutOnly(Page: ComponentType): ComponentType {
  return withBlueprint(function SignedOutPage() {
    const session = useSession();
    const [searchParams] = useSearchParams();
    if (session.isPending) {
      return (
        <div className="auth-pending" role="status" aria-label="Loading">
          <Spinner />
        </div>
      );
    }
    if (session.data?.user) return <Navigate to={destinationAfterSignIn(searchParams.get('callbackUrl'))} replace />;
    return <Page />;
  });
}

export const LoginPage = signedOutOnly(Login);
export const SignupPage = signedOutOnly(Signup);
export const AuthErrorPage = withBlueprint(AuthError);
export const WorkspaceDeletedPage = withBlueprint(WorkspaceDeleted);
// Emailed links: whoever opens them, signed in or not, gets the page (an invitation page decides by the session itself).
export const VerifyEmailPage = withBlueprint(VerifyEmail);
export const ForgotPasswordPage = withBlueprint(ForgotPassword);
export const ResetPasswordPage = withBlueprint(ResetPassword);
export const AcceptInvitationPage = withBlueprint(AcceptInvitation);
