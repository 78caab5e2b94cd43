import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './form-field.css';

/** What the control inside a `FormField` spreads onto itself: its id, and the tie to the message shown under it. */
export interface FormFieldControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  inputId: string;
  /** The field's message: shown in red under the control, which is marked invalid while it is set. */
  error?: string;
  /** Shown while there is no error, such as the expected format. */
  hint?: ReactNode;
  children: (control: FormFieldControlAttributes) => ReactNode;
}

/**
 * A labelled form field whose error or hint is the control's accessible description, so a screen reader reads the
 * message when the control takes focus, not only sighted users below it.
 */
export function FormField({ label, inputId, error, hint, children }: FormFieldProps) {
  const message = error ?? hint;
  const messageId = `${inputId}-message`;
  const hasMessage = message !== undefined && message !== null && message !== '';
  return (
    <FormGroup
      label={label}
      labelFor={inputId}
      intent={error ? 'danger' : 'none'}
      helperText={hasMessage ? <span id={messageId}>{message}</span> : undefined}
      className="sdk-form-field"
    >
      {children({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': hasMessage ? messageId : undefined })}
    </FormGroup>
  );
}

export interface SelectFieldProps<T extends string, O extends T> extends Omit<FormFieldProps, 'children'> {
  value: T;
  /** The listed choices, each shown by its label. */
  options: readonly O[];
  labels: Record<O, string>;
  onChange: (value: T) => void;
  /** Options offered before the listed ones, such as an automatic choice. */
  children?: ReactNode;
}

/** A `FormField` choosing one of a fixed list of values (a status, a priority). */
export function SelectField<T extends string, O extends T = T>({ value, options, labels, onChange, children, ...field }: SelectFieldProps<T, O>) {
  return (
    <FormField {...field}>
      {(control) => (
        <HTMLSelect {...control} fill value={value} onChange={(event) => onChange(event.currentTarget.value as T)}>
          {children}
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </HTMLSelect>
      )}
    </FormField>
  );
}

/** Fields side by side on a wide screen, stacked on a narrow one. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="sdk-form-row">{children}</div>;
}
