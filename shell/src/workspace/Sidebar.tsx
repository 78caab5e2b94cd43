import { Menu, MenuItem, Tag, type IconName } from '@blueprintjs/core';
import { NavLink, useNavigate } from 'react-router-dom';
import { appPath } from '@axal/web-sdk';
import type { LoadedPluginState } from '../plugins/workspace-plugins';
import type { WorkspaceDetail } from './WorkspaceFrame';

interface NavEntry {
  key: string;
  label: string;
  path: string;
  icon: IconName;
  order: number;
  demo?: boolean;
}

/** Sidebar entries in the spec's order: Dashboard, then plugins by their manifest order, then Settings. */
export function Sidebar({ workspace, plugins }: { workspace?: WorkspaceDetail; plugins: LoadedPluginState[] }) {
  const navigate = useNavigate();
  const workspaceBase = appPath(`/w/${workspace?.externalId ?? ''}`);
  const entries: NavEntry[] = [
    { key: 'dashboard', label: 'Dashboard', path: 'dashboard', icon: 'dashboard' as IconName, order: 0 },
    ...plugins
      .filter((state) => state.entry.nav)
      .map((state) => ({
        key: state.entry.id,
        label: state.entry.nav!.label,
        path: state.entry.nav!.path,
        icon: state.entry.nav!.icon as IconName,
        order: state.entry.nav!.order,
        demo: state.entry.demo,
      })),
    { key: 'settings', label: 'Settings', path: 'settings', icon: 'cog' as IconName, order: 1000 },
  ].sort((a, b) => a.order - b.order);

  return (
    <nav className="workspace-sidebar" aria-label="Workspace">
      <strong>{workspace?.name ?? ''}</strong>
      <Menu className="workspace-sidebar__nav">
        {entries.map((entry) => (
          <NavLink key={entry.key} to={`${workspaceBase}/${entry.path}`} style={{ textDecoration: 'none' }}>
            {({ isActive }) => (
              <MenuItem
                tagName="span"
                icon={entry.icon}
                active={isActive}
                text={entry.label}
                labelElement={entry.demo ? <Tag minimal>Demo</Tag> : undefined}
                onClick={() => navigate(`${workspaceBase}/${entry.path}`)}
              />
            )}
          </NavLink>
        ))}
      </Menu>
    </nav>
  );
}
