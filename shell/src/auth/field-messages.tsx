import type { ReactNode } from 'react';

/** The attributes that tie an input to its messages for assistive technology while it is invalid. */
export function describedInputAttributes(id: string, errors: string[]) {
  return {
    id,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': errors.length > 0 ? `${id}-errors` : undefined,
  };
}

/**
 * What a field shows under its input: the hint while it has no messages, then its first message, or every unmet rule
 * as a list (a new password). Shared by the Blueprint fields of the app and the native fields of the light site.
 */
export function fieldHelper({
  inputId,
  errors,
  hint,
  listAllErrors,
}: {
  inputId: string;
  errors: string[];
  hint?: ReactNode;
  listAllErrors: boolean;
}) {
  if (errors.length === 0) return hint;
  if (errors.length === 1 || !listAllErrors) return <span id={`${inputId}-errors`}>{errors[0]}</span>;
  return (
    <ul id={`${inputId}-errors`} className="form-field__errors">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
