import { Button, Classes, Tooltip, type ButtonProps } from '@blueprintjs/core';
import { useId } from 'react';

interface DisabledButtonProps extends Pick<ButtonProps, 'icon' | 'text' | 'intent' | 'variant'> {
  /** Why the action is not available, shown on hover and on keyboard focus. */
  reason: string;
}

/**
 * A button the user may not use, with the reason in a tooltip. It stays focusable (aria-disabled rather than
 * disabled), so keyboard users reach the reason as well; a native disabled button gets neither focus nor hover.
 */
export function DisabledButton({ reason, ...buttonProps }: DisabledButtonProps) {
  const reasonId = useId();
  return (
    <Tooltip content={reason} placement="bottom">
      <Button
        {...buttonProps}
        aria-disabled="true"
        aria-describedby={reasonId}
        className={Classes.DISABLED}
        onClick={(event) => event.preventDefault()}
      >
        <span id={reasonId} hidden>
          {reason}
        </span>
      </Button>
    </Tooltip>
  );
}
