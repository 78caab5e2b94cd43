import { Button, NonIdealState, SectionCard } from '@blueprintjs/core';
import { useState } from 'react';
import { apiV1, usePermission, useWorkspaceRole } from '@axal/web-sdk';
import { ConfirmByTypingDialog, LoadingSkeleton, showErrorToast, showToast } from '@axal/web-sdk/ui';
import type { WorkspaceDetail } from '../workspace/workspace-queries';
import { SettingsSection } from './SettingsSection';

interface DeletionResult {
  affectedMembers: number;
  redirectUrl: string;
}

/** Long enough to read the success toast before the page is left; the dialog stays busy meanwhile. */
const TOAST_READING_MS = 1500;

const membersNotified = (count: number) => `${count} ${count === 1 ? 'member has' : 'members have'} been notified`;

/** The typed confirmation equals the name shown: the dialog lets nothing else through. */
async function deleteWorkspace(workspace: WorkspaceDetail): Promise<void> {
  let result: DeletionResult;
  try {
    result = await apiV1<DeletionResult>(`/workspaces/${workspace.externalId}`, { method: 'DELETE', body: { confirmation: workspace.name } });
  } catch (error) {
    await showErrorToast(error, 'Something went wrong. Please try again.', 'Deletion failed');
    return;
  }
  await showToast({ title: 'Workspace deleted successfully...', message: membersNotified(result.affectedMembers), intent: 'success' });
  await new Promise((resolve) => setTimeout(resolve, TOAST_READING_MS));
  // A full page load: every cached answer about the deleted workspace goes with it.
  window.location.assign(result.redirectUrl);
}

/** Spec 1 sections 2.12 and 5.9: deleting the workspace, for its owner, confirmed by typing its exact name. */
export function DangerZoneSettings({ workspace }: { workspace: WorkspaceDetail }) {
  const role = useWorkspaceRole();
  const canDelete = usePermission('delete_workspace');
  const [confirming, setConfirming] = useState(false);

  if (role.isPending) return <LoadingSkeleton rows={2} height={60} />;
  if (!canDelete) {
    return <NonIdealState icon="lock" title="Owners only" description="Only the workspace owner can delete this workspace." />;
  }
  return (
    <SettingsSection title="Danger zone" className="danger-zone">
      <SectionCard className="danger-zone__card">
        <div className="danger-zone__text">
          <h3 className="danger-zone__title">Delete Workspace</h3>
          <p>
            Permanently deletes <strong>{workspace.name}</strong> with its clients, tasks, notices, documents, invoices and every other record
            {workspace.memberCount > 1 && `; all ${workspace.memberCount} members lose access to it at once`}. This cannot be undone.
          </p>
        </div>
        <Button intent="danger" icon="trash" text="Delete Workspace" onClick={() => setConfirming(true)} />
      </SectionCard>
      <ConfirmByTypingDialog
        isOpen={confirming}
        title="Delete Workspace"
        description={
          <p>
            This deletes <strong>{workspace.name}</strong> and everything in it for every member. Type the workspace name to confirm.
          </p>
        }
        expectedText={workspace.name}
        confirmLabel="Delete Workspace"
        busyLabel="Deleting..."
        mismatchMessage="Please type the workspace name exactly as shown"
        onConfirm={() => deleteWorkspace(workspace)}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
