import { Button, Card, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { apiV1 } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { changePasswordSchema } from '../../../core/auth/schemas';
import { CalloutIcon } from '../auth/app-icons';
import { FormField, fieldAttributes } from '../auth/FormField';
import { PasswordInput } from '../auth/PasswordInput';
import { useValidatedForm } from '../auth/use-validated-form';

const FIELDS = {
  currentPassword: { id: 'current-password', label: 'Current password', autoComplete: 'current-password' },
  newPassword: { id: 'new-password', label: 'New password', autoComplete: 'new-password' },
  confirmPassword: { id: 'confirm-new-password', label: 'Confirm new password', autoComplete: 'new-password' },
} as const;

type PasswordField = keyof typeof FIELDS;

const NEW_PASSWORD_HINT = 'At least 12 characters with upper and lower case letters, a number and a special character.';

function ChangePasswordForm() {
  const form = useValidatedForm(changePasswordSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }, (field) => FIELDS[field].id);
  const [saving, setSaving] = useState(false);

  const change = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSaving(true);
    try {
      await apiV1('/me/password', { method: 'POST', body: input });
      form.reset();
      void showToast({ title: 'Password changed', message: 'Use your new password the next time you sign in.', intent: 'success' });
    } catch (error) {
      void showErrorToast(error, 'Something went wrong. Please try again.', 'Password not changed');
    } finally {
      setSaving(false);
    }
  };

  const passwordField = (field: PasswordField) => {
    const { id, label, autoComplete } = FIELDS[field];
    const errors = form.errorsOf(field);
    return (
      <FormField
        label={label}
        inputId={id}
        errors={errors}
        listAllErrors={field === 'newPassword'}
        hint={field === 'newPassword' ? NEW_PASSWORD_HINT : undefined}
      >
        <PasswordInput
          {...fieldAttributes(id, errors)}
          size="large"
          autoComplete={autoComplete}
          value={form.values[field]}
          onValueChange={(value) => form.setValue(field, value)}
          onBlur={() => form.leave(field)}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={change} noValidate aria-label="Change password">
      {passwordField('currentPassword')}
      {passwordField('newPassword')}
      {passwordField('confirmPassword')}
      <div className="account-card__actions">
        <Button type="submit" intent="primary" loading={saving} text="Change password" />
      </div>
    </form>
  );
}

/** The change-password form, or a note for accounts that sign in only with Google. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  return (
    <Card className="account-card" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="account-card__title">
        Change password
      </h2>
      <p className="account-card__description">Choose a password you do not use for any other site.</p>
      {hasPassword ? (
        <ChangePasswordForm />
      ) : (
        <Callout intent="primary" icon={<CalloutIcon name="info" />}>
          Your account signs in with Google, so it has no password to change. Manage your sign-in from your Google account.
        </Callout>
      )}
    </Card>
  );
}
