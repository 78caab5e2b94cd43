import type { ReactNode } from 'react';
import { describedInputAttributes, fieldHelper } from '../field-messages';
import '../form-field.css';
import './controls.css';

/** The attributes that tie an input to its messages for assistive technology; the field's class marks it red. */
export const inputAttributes = describedInputAttributes;

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
  const helper = fieldHelper({ inputId, errors, hint, listAllErrors });
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
