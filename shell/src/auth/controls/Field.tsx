import type { ReactNode } from 'react';
import '../form-field.css';
import './controls.css';

/** The attributes that tie an input to its label and messages for assistive technology, and mark it red while invalid. */
export function inputAttributes(id: string, errors: string[]) {
  return {
    id,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': errors.length > 0 ? `${id}-errors` : undefined,
  };
}

interface FieldProps {
  label: ReactNode;
  inputId: string;
  errors: string[];
  /** Shown while the field has no messages, such as a hint about the expected format. */
  hint?: ReactNode;
  /** Every unmet rule at once (a new password), rather than the first one only. */
  listAllErrors?: boolean;
  children: ReactNode;
}

/** A labelled field with its first validation message under it, or all of them as a list. */
export function Field({ label, inputId, errors, hint, listAllErrors = false, children }: FieldProps) {
  const helper =
    errors.length === 0 ? (
      hint
    ) : errors.length === 1 || !listAllErrors ? (
      <span id={`${inputId}-errors`}>{errors[0]}</span>
    ) : (
      <ul id={`${inputId}-errors`} className="form-field__errors">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    );
  return (
    <div className={errors.length > 0 ? 'site-field site-field--invalid' : 'site-field'}>
      <label className="site-field__label" htmlFor={inputId}>
        {label}
      </label>
      {children}
      {helper && <div className="site-field__helper">{helper}</div>}
    </div>
  );
}
