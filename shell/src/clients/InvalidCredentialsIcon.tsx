import { Icon, Tooltip } from '@blueprintjs/core';

/** The warning sign of a client (or record) whose stored portal login no longer works; focusable so keyboards reach the tooltip. */
export function InvalidCredentialsIcon({ message }: { message: string }) {
  return (
    <Tooltip content={message} placement="top">
      <span className="invalid-credentials-icon" tabIndex={0} role="img" aria-label={message}>
        <Icon icon="warning-sign" intent="warning" />
      </span>
    </Tooltip>
  );
}

export const CLIENT_INVALID_CREDENTIALS = 'This client has invalid credentials that need to be updated.';
export const RECORD_INVALID_CREDENTIALS = 'These credentials are no longer valid and need to be updated.';
