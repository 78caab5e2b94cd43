import { Classes } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

interface LinkButtonProps {
  to: string;
  text: string;
  primary?: boolean;
  /** Router state for the page it opens, such as the email the login form starts with. */
  state?: unknown;
}

/** A router link that looks like a large, full-width Blueprint button, so moving between pages needs no reload. */
export function LinkButton({ to, text, primary = false, state }: LinkButtonProps) {
  const classes = [Classes.BUTTON, Classes.LARGE, Classes.FILL, primary ? Classes.INTENT_PRIMARY : Classes.OUTLINED, 'auth-link-button'];
  return (
    <Link to={to} state={state} className={classes.join(' ')}>
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </Link>
  );
}
