import { Field, inputAttributes } from './controls/Field';
import { PasswordTextInput } from './controls/TextInput';

/** The part of a validated form (see `useValidatedForm`) that a new password and its confirmation need. */
interface NewPasswordForm {
  values: { password: string; confirmPassword: string };
  setValue(field: 'password' | 'confirmPassword', value: string): void;
  leave(field: 'password' | 'confirmPassword'): void;
  errorsOf(field: 'password' | 'confirmPassword'): string[];
}

/** "Password" with the sign-up rules listed as they fail, and "Confirm password": sign-up and password reset alike. */
export function NewPasswordFields({
  form,
  fieldId,
  label = 'Password',
  autoFocus = false,
}: {
  form: NewPasswordForm;
  fieldId: (field: string) => string;
  label?: string;
  autoFocus?: boolean;
}) {
  const errors = { password: form.errorsOf('password'), confirmPassword: form.errorsOf('confirmPassword') };
  return (
    <>
      <Field
        label={label}
        inputId={fieldId('password')}
        errors={errors.password}
        listAllErrors
        hint="At least 12 characters with upper and lower case letters, a number and a special character."
      >
        <PasswordTextInput
          {...inputAttributes(fieldId('password'), errors.password)}
          autoComplete="new-password"
          placeholder="Create a strong password"
          value={form.values.password}
          onValueChange={(value) => form.setValue('password', value)}
          onBlur={() => form.leave('password')}
          autoFocus={autoFocus}
        />
      </Field>
      <Field label="Confirm password" inputId={fieldId('confirmPassword')} errors={errors.confirmPassword}>
        <PasswordTextInput
          {...inputAttributes(fieldId('confirmPassword'), errors.confirmPassword)}
          autoComplete="new-password"
          placeholder="Type the password again"
          value={form.values.confirmPassword}
          onValueChange={(value) => form.setValue('confirmPassword', value)}
          onBlur={() => form.leave('confirmPassword')}
        />
      </Field>
    </>
  );
}
