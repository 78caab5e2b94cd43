import { Button, Classes, Icon, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { appPath } from '@axal/web-sdk';
import { RouterMenuItem } from '../router-links';
import { ROLE_LABELS, useMyWorkspaces, type WorkspaceDetail } from '../workspace-queries';

function WorkspaceMark({ name }: { name: string }) {
  return (
    <span className="workspace-mark" aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

function WorkspaceMenu({ currentId }: { currentId: string }) {
  const workspaces = useMyWorkspaces();
  return (
    <Menu aria-label="Your workspaces" className="workspace-switcher__menu">
      <MenuDivider title="Workspaces" />
      {workspaces.isPending && <MenuItem disabled text="Loading..." />}
      {workspaces.error && <MenuItem disabled icon="error" text="Your workspaces could not be loaded" />}
      {workspaces.data?.map((workspace) => (
        <RouterMenuItem
          key={workspace.externalId}
          to={appPath(`/w/${workspace.externalId}/dashboard`)}
          icon={workspace.externalId === currentId ? 'tick' : 'blank'}
          text={workspace.name}
          label={ROLE_LABELS[workspace.role]}
          aria-current={workspace.externalId === currentId ? 'page' : undefined}
        />
      ))}
      <MenuDivider />
      <RouterMenuItem to={appPath('/create-workspace')} icon="plus" text="Create workspace" />
    </Menu>
  );
}

/** The current workspace at the top of the sidebar; opens the list of the user's workspaces. */
export function WorkspaceSwitcher({ workspaceId, workspace }: { workspaceId: string; workspace?: WorkspaceDetail }) {
  return (
    <PopoverNext content={<WorkspaceMenu currentId={workspaceId} />} placement="bottom-start" arrow={false} matchTargetWidth fill>
      <Button
        variant="minimal"
        fill
        alignText="start"
        className="workspace-switcher"
        icon={workspace ? <WorkspaceMark name={workspace.name} /> : undefined}
        endIcon={<Icon icon="double-caret-vertical" className={Classes.TEXT_MUTED} />}
      >
        {/* Named by what it shows, then what it does: a spoken name that starts like the visible one (WCAG 2.5.3). */}
        {workspace ? (
          <span className="workspace-switcher__text">
            <span className="workspace-switcher__name">{workspace.name}</span>
            <span className="visually-hidden">, </span>
            <span className={`workspace-switcher__role ${Classes.TEXT_MUTED}`}>{ROLE_LABELS[workspace.role]}</span>
          </span>
        ) : (
          <span className={`${Classes.SKELETON} workspace-switcher__placeholder`}>Loading workspace</span>
        )}
        <span className="visually-hidden">, switch workspace</span>
      </Button>
    </PopoverNext>
  );
}
