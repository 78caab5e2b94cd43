import type { InputHTMLAttributes, ReactNode } from 'react';
import './controls.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/** A native checkbox drawn like Blueprint's, its label beside it (clicking the label ticks it). */
export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  return (
    <label className={['site-checkbox', className].filter(Boolean).join(' ')}>
      <input {...rest} type="checkbox" />
      <span>{label}</span>
    </label>
  );
}
