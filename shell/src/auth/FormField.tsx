import { FormGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { describedInputAttributes, fieldHelper } from './field-messages';
import './form-field.css';

/** The attributes that tie an input to its label and messages for assistive technology, and mark it red while invalid. */
export function fieldAttributes(id: string, errors: string[]) {
  return { ...describedInputAttributes(id, errors), intent: errors.length > 0 ? Intent.DANGER : Intent.NONE };
}

interface FormFieldProps {
  label: ReactNode;
  inputId: string;
  errors: string[];
  /** Shown while the field has no messages, such as a hint about the expected format. */
  hint?: ReactNode;
  /** Every unmet rule at once (a new password), rather than the first one only. */
  listAllErrors?: boolean;
  children: ReactNode;
}

/**
 * A labelled Blueprint field with its first validation message under it, or all of them as a list: the app's account
 * pages (profile, new workspace). The light sign-in pages draw theirs without Blueprint (controls/Field.tsx).
 */
export function FormField({ label, inputId, errors, hint, listAllErrors = false, children }: FormFieldProps) {
  const helper = fieldHelper({ inputId, errors, hint, listAllErrors });
  return (
    <FormGroup label={label} labelFor={inputId} helperText={helper} intent={errors.length > 0 ? Intent.DANGER : Intent.NONE}>
      {children}
    </FormGroup>
  );
}
