import { useState, type InputHTMLAttributes } from 'react';
import { AppIcon } from '../app-icons';
import { Button } from './Button';
import './controls.css';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  value: string;
  onValueChange: (value: string) => void;
}

/** A large text input (40 px high, 16 px text, which also keeps phones from zooming in on focus). */
export function TextInput({ onValueChange, className, ...rest }: TextInputProps) {
  return (
    <input
      type="text"
      {...rest}
      className={['site-input', className].filter(Boolean).join(' ')}
      onChange={(event) => onValueChange(event.currentTarget.value)}
    />
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordTextInput(props: Omit<TextInputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="site-input-group">
      <TextInput {...props} type={visible ? 'text' : 'password'} />
      <span className="site-input-group__action">
        <Button
          variant="minimal"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <AppIcon name={visible ? 'eyeOff' : 'eye'} />
        </Button>
      </span>
    </div>
  );
}
