import { useLocation } from 'react-router-dom';

/**
 * What one sign-in page hands the next through the router's state: the email to fill in, and what just happened
 * (an account created, a password reset) for the next page to say. A reload or a typed address carries none.
 */
export interface AuthLocationState {
  email?: string;
  notice?: string;
}

export function useAuthLocationState(): AuthLocationState {
  const state: unknown = useLocation().state;
  if (!state || typeof state !== 'object') return {};
  const { email, notice } = state as Record<string, unknown>;
  return { email: typeof email === 'string' ? email : undefined, notice: typeof notice === 'string' ? notice : undefined };
}
