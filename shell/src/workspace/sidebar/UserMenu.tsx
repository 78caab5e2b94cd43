import { Button, Classes, Icon, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { api, appPath, useSession, type SessionUser } from '@axal/web-sdk';
import { showErrorToast } from '@axal/web-sdk/ui';
import { RouterMenuItem } from '../router-links';
import { UserAvatar } from '../UserAvatar';

async function logOut(): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST' });
  } catch (error) {
    await showErrorToast(error, 'You could not be logged out. Please try again.', 'Log out failed');
    return;
  }
  // The login page is the light site's: loading it in place of the app drops the CSRF token and every cached answer
  // at once, where clearing them on this page first would make its signed-in parts ask again and redirect.
  window.location.replace(appPath('/login'));
}

function UserIdentity({ user }: { user: SessionUser }) {
  return (
    <span className="user-identity">
      <UserAvatar name={user.name} size={32} />
      <span className="user-identity__text">
        <span className="user-identity__name" title={user.name}>
          {user.name}
        </span>
        <span className={`user-identity__email ${Classes.TEXT_MUTED}`} title={user.email}>
          {user.email}
        </span>
      </span>
    </span>
  );
}

/** The signed-in person at the bottom of the sidebar: Profile, the workspace's Settings, Log out. */
export function UserMenu({ workspaceId }: { workspaceId: string }) {
  const { data } = useSession();
  const user = data?.user;
  if (!user) return null;
  const menu = (
    <Menu aria-label="Account">
      <RouterMenuItem to={appPath('/profile')} icon="user" text="Profile" />
      <RouterMenuItem to={appPath(`/w/${workspaceId}/settings`)} icon="cog" text="Settings" />
      <MenuDivider />
      <MenuItem icon="log-out" text="Log out" onClick={() => void logOut()} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="top-start" arrow={false} matchTargetWidth fill>
      <Button variant="minimal" fill alignText="start" className="user-menu__trigger" endIcon={<Icon icon="more" className={Classes.TEXT_MUTED} />}>
        {/* Named by the text it shows (WCAG 2.5.3), after what it opens. */}
        <span className="visually-hidden">Account: </span>
        <UserIdentity user={user} />
      </Button>
    </PopoverNext>
  );
}
