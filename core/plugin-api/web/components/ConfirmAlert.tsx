import { Alert, type AlertProps } from '@blueprintjs/core';
import { useId } from 'react';
import './confirm-alert.css';

export interface ConfirmAlertProps extends AlertProps {
  /** A short question shown as the alert's heading, e.g. 'Stop repeating?': it names the alert for screen readers. */
  title: string;
}

/**
 * Blueprint's Alert with a name and a description: its heading names it and its text describes it, so a screen
 * reader says what is being confirmed when it opens, instead of a bare "alert dialog".
 */
export function ConfirmAlert({ title, children, ...alertProps }: ConfirmAlertProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Alert {...alertProps} aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId} className="sdk-confirm-alert__title">
        {title}
      </h2>
      <div id={textId}>{children}</div>
    </Alert>
  );
}
