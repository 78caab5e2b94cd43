import { ErrorState, LoadingSkeleton } from '@axal/web-sdk/ui';
import { AccountPageLayout } from './AccountPageLayout';
import { ChangePasswordCard } from './ChangePasswordCard';
import { KeyboardShortcutsCard } from './KeyboardShortcutsCard';
import { ProfileDetailsCard } from './ProfileDetailsCard';
import { ProfilePluginPanels } from './ProfilePluginPanels';
import { SessionsCard } from './SessionsCard';
import { useMyProfile } from './profile-queries';

/** `{app}/profile`, reached from the user menu. */
export function ProfilePage() {
  const profile = useMyProfile();
  return (
    <AccountPageLayout title="Your profile" subtitle="Manage your personal details and how you sign in.">
      {profile.isPending ? (
        <LoadingSkeleton rows={6} height={40} />
      ) : profile.error ? (
        <ErrorState message="Your profile could not be loaded." onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileDetailsCard user={profile.data.user} />
          <ChangePasswordCard hasPassword={profile.data.hasPassword} />
          <SessionsCard />
          <KeyboardShortcutsCard />
          <ProfilePluginPanels />
        </>
      )}
    </AccountPageLayout>
  );
}
