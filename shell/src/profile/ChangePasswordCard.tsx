import { AnchorButton, Button, Card, Callout } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { ApiError, apiV1, appPath } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import type { z } from 'zod';
import { changePasswordSchema, GOOGLE_SIGN_IN_REQUIRED, setPasswordSchema } from '../../../core/auth/schemas';
import { CalloutIcon } from '../auth/app-icons';
import { FormField, fieldAttributes } from '../auth/FormField';
import { PasswordInput } from '../auth/PasswordInput';
import { useValidatedForm } from '../auth/use-validated-form';
import { forgetMyProfile } from './profile-queries';
import { forgetMySessions } from './sessions-api';

const FIELDS = {
  currentPassword: { id: 'current-password', label: 'Current password', autoComplete: 'current-password' },
  newPassword: { id: 'new-password', label: 'New password', autoComplete: 'new-password' },
  confirmPassword: { id: 'confirm-new-password', label: 'Confirm new password', autoComplete: 'new-password' },
} as const;

type PasswordField = keyof typeof FIELDS;

const NEW_PASSWORD_HINT = 'At least 12 characters with upper and lower case letters, a number and a special character.';

interface PasswordFormProps<Values extends Partial<Record<PasswordField, string>>> {
  schema: z.ZodType<unknown, Values>;
  initialValues: Values;
  endpoint: string;
  label: string;
  submitText: string;
  success: { title: string; message: string };
  onSaved?: () => void;
  /** Takes a refusal the form explains itself; answers false to leave it to the error toast. */
  onRefused?: (error: unknown) => boolean;
}

/** One password form for both cases: changing a password, and setting a first one on a Google-only account. */
function PasswordForm<Values extends Partial<Record<PasswordField, string>> & Record<string, string>>({
  schema,
  initialValues,
  endpoint,
  label,
  submitText,
  success,
  onSaved,
  onRefused,
}: PasswordFormProps<Values>) {
  const form = useValidatedForm(schema, initialValues, (field) => FIELDS[field as PasswordField].id);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSaving(true);
    try {
      await apiV1(endpoint, { method: 'POST', body: input });
      form.reset();
      void showToast({ ...success, intent: 'success' });
      onSaved?.();
    } catch (error) {
      if (!onRefused?.(error)) void showErrorToast(error, 'Something went wrong. Please try again.', 'Password not changed');
    } finally {
      setSaving(false);
    }
  };

  const passwordField = (field: PasswordField & keyof Values) => {
    const { id, label: fieldLabel, autoComplete } = FIELDS[field];
    const errors = form.errorsOf(field);
    return (
      <FormField
        key={field}
        label={fieldLabel}
        inputId={id}
        errors={errors}
        listAllErrors={field === 'newPassword'}
        hint={field === 'newPassword' ? NEW_PASSWORD_HINT : undefined}
      >
        <PasswordInput
          {...fieldAttributes(id, errors)}
          size="large"
          autoComplete={autoComplete}
          value={form.values[field] as string}
          onValueChange={(value) => form.setValue(field, value as Values[typeof field])}
          onBlur={() => form.leave(field)}
        />
      </FormField>
    );
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label={label}>
      {(Object.keys(initialValues) as (PasswordField & keyof Values)[]).map(passwordField)}
      <div className="account-card__actions">
        <Button type="submit" intent="primary" loading={saving} text={submitText} />
      </div>
    </form>
  );
}

const needsFreshGoogleSignIn = (error: unknown) => error instanceof ApiError && error.status === 403 && error.message === GOOGLE_SIGN_IN_REQUIRED;

/** Google sign-in that comes back to this page, for the fresh sign-in a first password needs. */
const googleSignInAgain = () => `${appPath('/connect/google')}?callbackUrl=${encodeURIComponent(appPath('/profile'))}`;

/** The change-password form, or for an account that signs in only with Google, the form to set a first password. */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const [googleSignInNeeded, setGoogleSignInNeeded] = useState(false);
  const explainRefusal = (error: unknown) => {
    const needed = needsFreshGoogleSignIn(error);
    setGoogleSignInNeeded(needed);
    return needed;
  };
  return (
    <Card className="account-card" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="account-card__title">
        {hasPassword ? 'Change password' : 'Set a password'}
      </h2>
      <p className="account-card__description">Choose a password you do not use for any other site.</p>
      {hasPassword ? (
        <PasswordForm
          schema={changePasswordSchema}
          initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
          endpoint="/me/password"
          label="Change password"
          submitText="Change password"
          success={{ title: 'Password changed', message: 'Use your new password the next time you sign in. Your other sessions are signed out.' }}
          onSaved={forgetMySessions}
        />
      ) : (
        <>
          <Callout intent="primary" icon={<CalloutIcon name="info" />}>
            Your account signs in with Google. Set a password to also sign in with your email, and to confirm your identity where the app asks for
            your password (for example before saving portal credentials).
          </Callout>
          {googleSignInNeeded && (
            <Callout intent="warning" icon={<CalloutIcon name="alert" />} className="account-card__callout" role="alert">
              <p>{GOOGLE_SIGN_IN_REQUIRED}</p>
              <AnchorButton href={googleSignInAgain()} intent="primary" text="Sign in with Google again" />
            </Callout>
          )}
          <PasswordForm
            schema={setPasswordSchema}
            initialValues={{ newPassword: '', confirmPassword: '' }}
            endpoint="/me/password/initial"
            label="Set a password"
            submitText="Set password"
            success={{ title: 'Password set', message: 'You can now also sign in with your email and this password.' }}
            onSaved={forgetMyProfile}
            onRefused={explainRefusal}
          />
        </>
      )}
    </Card>
  );
}
