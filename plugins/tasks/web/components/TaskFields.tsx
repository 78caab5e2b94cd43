import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { assignableMembers, kolkataToday } from '@axal/web-sdk';
import { FormField } from '@axal/web-sdk/ui';
import { TASK_TOASTS } from '../../shared/wire';
import type { useWorkspaceMembers } from '../api';

interface AssigneeFieldProps {
  inputId: string;
  /** A member's external id, or '' while none is chosen. */
  value: string;
  onChange: (externalId: string) => void;
  error?: string;
  members: ReturnType<typeof useWorkspaceMembers>;
  /** The task's clients: a CLIENT member is offered only for tasks of clients they stand for. */
  clientIds: string[];
  /** The task's assignee who has left the workspace: still offered, marked as a former member, until reassigned. */
  formerAssignee?: { externalId: string; name: string } | null;
}

/** "Assigned To": the workspace's members, with the list's own loading and failure shown in the field. */
export function AssigneeField({ inputId, value, onChange, error, members, clientIds, formerAssignee }: AssigneeFieldProps) {
  const offered = assignableMembers(members.data ?? [], clientIds, value);
  return (
    <FormField label="Assigned To" inputId={inputId} error={error ?? (members.error ? TASK_TOASTS.fetchMembersFailed : undefined)}>
      {(control) => (
        <HTMLSelect {...control} fill value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="" disabled>
            {members.isPending ? 'Loading members...' : 'Select a member'}
          </option>
          {formerAssignee && <option value={formerAssignee.externalId}>{formerAssignee.name} (former member)</option>}
          {offered.map((member) => (
            <option key={member.externalId} value={member.externalId}>
              {member.name}
            </option>
          ))}
        </HTMLSelect>
      )}
    </FormField>
  );
}

interface DueDateFieldProps {
  label: string;
  inputId: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (date: string) => void;
  error?: string;
}

/** A due date from today on (in Kolkata): the days before it are not offered. */
export function DueDateField({ label, inputId, value, onChange, error }: DueDateFieldProps) {
  return (
    <FormField label={label} inputId={inputId} error={error}>
      {(control) => (
        <InputGroup
          {...control}
          type="date"
          placeholder="Pick a date"
          min={kolkataToday()}
          value={value}
          onValueChange={onChange}
          intent={error ? 'danger' : 'none'}
        />
      )}
    </FormField>
  );
}
