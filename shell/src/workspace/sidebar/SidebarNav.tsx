import { appPath } from '@axal/web-sdk';
import type { LoadedPluginState } from '../../plugins/workspace-plugins';
import { NavItemLink } from '../NavItemLink';
import { workspaceNavEntries } from './nav-entries';

export function SidebarNav({ workspaceId, plugins }: { workspaceId: string; plugins: LoadedPluginState[] }) {
  const workspaceBase = appPath(`/w/${workspaceId}`);
  return (
    <nav aria-label="Workspace" className="sidebar-nav">
      <ul className="nav-list">
        {workspaceNavEntries(plugins).map((entry) => {
          const to = `${workspaceBase}/${entry.path}`;
          // The workspace's own address shows the dashboard too.
          const activeFor = entry.key === 'dashboard' ? [workspaceBase, to] : undefined;
          return (
            <li key={entry.key}>
              <NavItemLink to={to} label={entry.label} icon={entry.icon} demo={entry.demo} activeFor={activeFor} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
