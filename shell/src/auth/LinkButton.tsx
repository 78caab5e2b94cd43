import { Link } from 'react-router-dom';
import { buttonClasses } from './controls/Button';

interface LinkButtonProps {
  to: string;
  text: string;
  primary?: boolean;
  /** Router state for the page it opens, such as the email the login form starts with. */
  state?: unknown;
}

/** A router link that looks like a large, full-width button, so moving between pages needs no reload. */
export function LinkButton({ to, text, primary = false, state }: LinkButtonProps) {
  return (
    <Link to={to} state={state} className={buttonClasses(primary ? 'primary' : 'outlined', true)}>
      {text}
    </Link>
  );
}
