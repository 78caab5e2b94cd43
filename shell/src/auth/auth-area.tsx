import '@blueprintjs/core/lib/css/blueprint.css';

export function LoginPage() {
  return <h1>Sign in</h1>;
}
export const SignupPage = LoginPage;
export const AuthErrorPage = LoginPage;
export const WorkspaceDeletedPage = LoginPage;
