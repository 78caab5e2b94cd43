import { Field, inputAttributes } from './controls/Field';
import { TextInput } from './controls/TextInput';

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
    <Field label="Email" inputId={fieldId('email')} errors={errors}>
      <TextInput
        {...inputAttributes(fieldId('email'), errors)}
        type="email"
        autoComplete="email"
        placeholder="you@yourfirm.in"
        value={form.values.email}
        onValueChange={(value) => form.setValue('email', value)}
        onBlur={() => form.leave('email')}
        autoFocus={autoFocus}
      />
    </Field>
  );
}
