import { Button, Card, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { apiV1, type SessionUser } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { profileSchema } from '../../../core/auth/schemas';
import { FormField, fieldAttributes } from '../auth/FormField';
import { useValidatedForm } from '../auth/use-validated-form';
import { UserAvatar } from '../workspace/UserAvatar';
import { rememberSavedUser } from './profile-queries';

const NAME_ID = 'profile-name';
const EMAIL_ID = 'profile-email';

/** The avatar, the editable name (the sign-up rules) and the read-only email. */
export function ProfileDetailsCard({ user }: { user: SessionUser }) {
  const form = useValidatedForm(profileSchema, { name: user.name }, () => NAME_ID);
  const [saving, setSaving] = useState(false);
  const unchanged = form.values.name.trim() === user.name;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setSaving(true);
    try {
      const body = await apiV1<{ user: SessionUser }>('/me', { method: 'PATCH', body: input });
      rememberSavedUser(body.user);
      form.setValue('name', body.user.name);
      void showToast({ title: 'Profile updated', message: 'Your name has been saved.', intent: 'success' });
    } catch (error) {
      void showErrorToast(error, 'Something went wrong. Please try again.', 'Profile not updated');
    } finally {
      setSaving(false);
    }
  };

  const nameErrors = form.errorsOf('name');
  return (
    <Card className="account-card" aria-labelledby="profile-details-title">
      <div className="profile-identity">
        <UserAvatar name={user.name} size={72} />
        <div>
          <p className="profile-identity__name">{user.name}</p>
          <p className="profile-identity__email">{user.email}</p>
        </div>
      </div>
      <h2 id="profile-details-title" className="account-card__title">
        Personal details
      </h2>
      <p className="account-card__description">Your name appears to your team in every workspace you belong to.</p>
      <form onSubmit={(event) => void save(event)} noValidate aria-label="Personal details">
        <FormField label="Full name" inputId={NAME_ID} errors={nameErrors}>
          <InputGroup
            {...fieldAttributes(NAME_ID, nameErrors)}
            size="large"
            autoComplete="name"
            value={form.values.name}
            onValueChange={(value) => form.setValue('name', value)}
            onBlur={() => form.leave('name')}
          />
        </FormField>
        <FormField label="Email" inputId={EMAIL_ID} errors={[]} hint="You sign in with this address; it cannot be changed here.">
          <InputGroup id={EMAIL_ID} size="large" value={user.email} readOnly />
        </FormField>
        <div className="account-card__actions">
          <Button type="submit" intent="primary" loading={saving} disabled={unchanged} text="Save changes" />
        </div>
      </form>
    </Card>
  );
}
