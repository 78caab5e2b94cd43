import { Button, Classes, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { assignableMembers, initialsOf } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { TASK_TOASTS, type TaskView } from '../../shared/wire';
import { useUpdateTask, useWorkspaceMembers } from '../api';

const ROLE_LABELS: Record<string, string> = { OWNER: 'Owner', ADMIN: 'Admin', EMPLOYEE: 'Employee', CLIENT: 'Client' };

interface ReassignDialogProps {
  workspaceId: string;
  task: TaskView;
  isOpen: boolean;
  onClose: () => void;
}

/** 'Reassign Task' (spec 2 section 2.5): one member chosen from a searchable list of the workspace's members. */
export function ReassignDialog({ workspaceId, task, isOpen, onClose }: ReassignDialogProps) {
  const members = useWorkspaceMembers(workspaceId, isOpen);
  const update = useUpdateTask(workspaceId);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const groupName = useId();

  const needle = search.trim().toLowerCase();
  const assignable = assignableMembers(members.data ?? [], task.client ? [task.client.externalId] : []);
  const shown = assignable.filter((member) => member.name.toLowerCase().includes(needle));
  // A member the search hides is not the one the user means: Reassign waits until one in view is chosen.
  const chosen = shown.some((member) => member.externalId === selected) ? selected : null;

  const reset = () => {
    setSearch('');
    setSelected(null);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen || update.isPending) return;
    update.mutate(
      { taskId: task.externalId, changes: { assignedToExternalId: chosen } },
      {
        onSuccess: () => {
          void showToast({ message: TASK_TOASTS.reassigned, intent: 'success' });
          onClose();
        },
        onError: (error) => void showErrorToast(error, TASK_TOASTS.reassignFailed),
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={reset}
      title="Reassign Task"
      className="tasks-dialog tasks-dialog--narrow"
      canEscapeKeyClose={!update.isPending}
      canOutsideClickClose={!update.isPending}
    >
      <form onSubmit={handleSubmit}>
        <DialogBody className="tasks-reassign">
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search members..."
            aria-label="Search members"
            value={search}
            onValueChange={setSearch}
            autoFocus
          />
          <div role="radiogroup" aria-label="Members" className="tasks-member-list">
            {members.isPending ? (
              <p className={Classes.TEXT_MUTED}>Loading members...</p>
            ) : members.error ? (
              <p className={Classes.TEXT_MUTED}>{TASK_TOASTS.fetchMembersFailed}</p>
            ) : shown.length === 0 ? (
              <p className={Classes.TEXT_MUTED}>No members found.</p>
            ) : (
              shown.map((member) => {
                const isCurrent = member.externalId === task.assignedTo?.externalId;
                return (
                  <label
                    key={member.externalId}
                    className={['tasks-member-option', selected === member.externalId && 'tasks-member-option--checked'].filter(Boolean).join(' ')}
                  >
                    <input
                      type="radio"
                      name={groupName}
                      value={member.externalId}
                      checked={selected === member.externalId}
                      onChange={() => setSelected(member.externalId)}
                      className="tasks-member-option__input"
                    />
                    <span className="tasks-avatar" aria-hidden="true">
                      {initialsOf(member.name)}
                    </span>
                    <span className="tasks-member-option__name">
                      {member.name}
                      {isCurrent && ' (assigned now)'}
                    </span>
                    <span className="tasks-member-option__role">{ROLE_LABELS[member.role] ?? member.role}</span>
                  </label>
                );
              })
            )}
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={update.isPending} />
              <Button type="submit" intent="primary" text={update.isPending ? 'Reassigning...' : 'Reassign'} disabled={!chosen || update.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
