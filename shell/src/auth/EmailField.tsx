import { InputGroup } from '@blueprintjs/core';
import { FormField, fieldAttributes } from './FormField';

/** The part of a validated form (see `useValidatedForm`) that an email address needs. */
interface EmailForm {
  values: { email: string };
  setValue(field: 'email', value: string): void;
  leave(field: 'email'): void;
  errorsOf(field: 'email'): string[];
}

/** The "Email" field of every sign-in page: sign-in, sign-up, forgotten password and a new verification link. */
export function EmailField({ form, fieldId, autoFocus = false }: { form: EmailForm; fieldId: (field: string) => string; autoFocus?: boolean }) {
  const errors = form.errorsOf('email');
  return (
    <FormField label="Email" inputId={fieldId('email')} errors={errors}>
      <InputGroup
        {...fieldAttributes(fieldId('email'), errors)}
        type="email"
        size="large"
        autoComplete="email"
        placeholder="you@yourfirm.in"
        value={form.values.email}
        onValueChange={(value) => form.setValue('email', value)}
        onBlur={() => form.leave('email')}
        autoFocus={autoFocus}
      />
    </FormField>
  );
}
