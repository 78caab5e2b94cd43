import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { appPath, usePermission } from '@axal/web-sdk';
import { LoadingState, ScrollStrip } from '@axal/web-sdk/ui';
import { NotFoundPage } from '../public/NotFoundPage';
import { NavItemLink } from '../workspace/NavItemLink';
import { PageHeader } from '../workspace/PageHeader';
import { useWorkspaceDetail } from '../workspace/workspace-queries';
import { DangerZoneSettings } from './DangerZoneSettings';
import { GeneralSettings } from './GeneralSettings';
import { MembersSettings } from './members/MembersSettings';
import { PluginSettings } from './plugins/PluginSettings';
import './settings.css';

/** A column beside the settings on a wide screen; a row of tabs above them on a narrow one, scrolling sideways when it does not fit. */
function SettingsNav({ workspaceId }: { workspaceId: string }) {
  const canDelete = usePermission('delete_workspace');
  const { pathname } = useLocation();
  const base = appPath(`/w/${workspaceId}/settings`);
  return (
    <nav aria-label="Settings" className="settings-nav">
      <ScrollStrip activeKey={pathname}>
        <ul className="nav-list">
          <li>
            <NavItemLink to={`${base}/general`} label="General" icon="cog" activeFor={[base, `${base}/general`]} />
          </li>
          <li>
            <NavItemLink to={`${base}/members`} label="Members" icon="people" />
          </li>
          <li>
            <NavItemLink to={`${base}/plugins`} label="Plugins" icon="applications" />
          </li>
          {canDelete && (
            <li>
              <NavItemLink to={`${base}/danger`} label="Danger zone" icon="warning-sign" />
            </li>
          )}
        </ul>
      </ScrollStrip>
    </nav>
  );
}

/** `{app}/w/:workspaceId/settings/*`: General, Members, Plugins and (for owners) the Danger zone. */
export function SettingsPage() {
  const { workspaceId = '' } = useParams();
  const { data: workspace } = useWorkspaceDetail(workspaceId);
  if (!workspace) return <LoadingState />;
  const general = <GeneralSettings workspace={workspace} />;
  return (
    <div className="workspace-page">
      <PageHeader title="Settings" description={`Manage ${workspace.name}: its name, members and plugins.`} />
      <div className="settings-layout">
        <SettingsNav workspaceId={workspaceId} />
        <div className="settings-content">
          <Routes>
            <Route index element={general} />
            <Route path="general" element={general} />
            <Route path="members" element={<MembersSettings workspace={workspace} />} />
            <Route path="plugins" element={<PluginSettings workspaceId={workspaceId} />} />
            <Route path="danger" element={<DangerZoneSettings workspace={workspace} />} />
            <Route path="*" element={<NotFoundPage embedded />} />
          </Routes>
        </div>
      </div>
    </div>
  );
}
