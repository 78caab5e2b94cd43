import type { Ref } from 'react';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { GlobalSearch } from '../search/GlobalSearch';
import type { WorkspaceDetail } from '../workspace-queries';
import { NotificationBell } from './NotificationBell';
import { SidebarNav } from './SidebarNav';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

export interface SidebarProps {
  ref?: Ref<HTMLElement>;
  id: string;
  workspaceId: string;
  workspace?: WorkspaceDetail;
  plugins: LoadedPluginState[];
  /** On narrow screens the sidebar is a panel over the page, open or closed. */
  isOpenOnNarrowScreens: boolean;
}

export function Sidebar({ ref, id, workspaceId, workspace, plugins, isOpenOnNarrowScreens }: SidebarProps) {
  return (
    <aside ref={ref} id={id} className={`workspace-sidebar${isOpenOnNarrowScreens ? ' workspace-sidebar--open' : ''}`} aria-label="Sidebar">
      <div className="workspace-sidebar__header">
        <WorkspaceSwitcher workspaceId={workspaceId} workspace={workspace} />
        <NotificationBell workspaceId={workspaceId} />
      </div>
      <GlobalSearch workspaceId={workspaceId} plugins={plugins} />
      <SidebarNav workspaceId={workspaceId} plugins={plugins} />
      <div className="workspace-sidebar__footer">
        <ThemeToggle />
        <UserMenu workspaceId={workspaceId} />
      </div>
    </aside>
  );
}
