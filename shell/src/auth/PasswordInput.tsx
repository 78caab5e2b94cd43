import { Button, InputGroup, type InputGroupProps } from '@blueprintjs/core';
import { useState } from 'react';
import { AppIcon } from './app-icons';

/** A Blueprint password field with a button that shows or hides what was typed (the app's profile page). */
export function PasswordInput(props: Omit<InputGroupProps, 'type' | 'rightElement'>) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      {...props}
      type={visible ? 'text' : 'password'}
      rightElement={
        <Button
          variant="minimal"
          icon={<AppIcon name={visible ? 'eyeOff' : 'eye'} />}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
