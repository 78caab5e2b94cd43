import { Button, Classes, DialogBody, DialogFooter, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, assignableMembers, useClientOptions } from '@axal/web-sdk';
import { FormDialog, FormField, FormRow, SelectField, showToast } from '@axal/web-sdk/ui';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NOTICE_TYPE_LENGTH,
  MAX_REFERENCE_LENGTH,
  MAX_TAX_PERIOD_LENGTH,
  NOTICE_DEPARTMENTS,
  NOTICE_MESSAGES,
  NOTICE_PRIORITIES,
  NOTICE_STATUSES,
  NOTICE_TOASTS,
  type NoticeDepartment,
  type NoticePriority,
  type NoticeStatus,
  type NoticeView,
} from '../../shared/wire';
import { useCreateNotice, useUpdateNotice, useWorkspaceMembers, type NoticeChanges, type NoticeInput } from '../api';
import { amountOf, DEPARTMENT_LABELS, PRIORITY_LABELS, STATUS_LABELS } from '../notice-display';
import { showFailure } from './list/failure-toast';

export interface NoticeFormDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
  /** The notice to edit; absent to add one by hand. */
  notice?: NoticeView;
  onSaved: (notice: NoticeView) => void;
}

/** New Notice, and Edit Notice on the details page: one form for both (the client of a notice never changes). */
export function NoticeFormDialog(props: NoticeFormDialogProps) {
  const { isOpen, notice, onClose } = props;
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title={notice ? 'Edit Notice' : 'New Notice'} className="notices-dialog">
      {(onBusyChange) => <NoticeForm {...props} onBusyChange={onBusyChange} />}
    </FormDialog>
  );
}

const NONE = '';
/** The form's choice to leave the priority to the due date and the amount (the server's automatic priority). */
const AUTOMATIC = 'AUTOMATIC';
type PriorityChoice = NoticePriority | typeof AUTOMATIC;

interface FormValues {
  clientId: string;
  department: NoticeDepartment;
  noticeType: string;
  reference: string;
  description: string;
  priority: PriorityChoice;
  status: NoticeStatus;
  dateOfIssuance: string;
  dueDate: string;
  targetDate: string;
  taxPeriod: string;
  amountDemanded: string;
  assignedToExternalId: string;
}

type Field = keyof FormValues;
type FieldErrors = Partial<Record<Field, string>>;

function initialValues(notice: NoticeView | undefined): FormValues {
  return {
    clientId: notice?.client.externalId ?? NONE,
    department: notice?.department ?? 'GST',
    noticeType: notice?.noticeType ?? '',
    reference: notice?.reference ?? '',
    description: notice?.description ?? '',
    priority: notice?.prioritySetByMember ? notice.priority : AUTOMATIC,
    status: notice?.status ?? 'NEW',
    dateOfIssuance: notice?.dateOfIssuance ?? '',
    dueDate: notice?.dueDate ?? '',
    targetDate: notice?.targetDate ?? '',
    taxPeriod: notice?.taxPeriod ?? '',
    amountDemanded: notice?.amountDemanded ?? '',
    assignedToExternalId: notice?.assignedTo?.externalId ?? NONE,
  };
}

function problemsOf(values: FormValues, isNew: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (isNew && !values.clientId) errors.clientId = NOTICE_MESSAGES.clientRequired;
  if (!values.noticeType.trim()) errors.noticeType = NOTICE_MESSAGES.noticeTypeRequired;
  if (!values.reference.trim()) errors.reference = NOTICE_MESSAGES.referenceRequired;
  if (amountOf(values.amountDemanded) === undefined) errors.amountDemanded = NOTICE_MESSAGES.invalidAmount;
  return errors;
}

/** The server's `details` by field, the first message of each. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    const key = field.split('.')[0];
    if (messages[0] && !errors[key]) errors[key] = messages[0];
  }
  return errors;
}

function inputOf(values: FormValues): NoticeInput {
  return {
    clientId: values.clientId,
    department: values.department,
    noticeType: values.noticeType.trim(),
    reference: values.reference.trim(),
    description: values.description.trim(),
    priority: values.priority === AUTOMATIC ? undefined : values.priority,
    status: values.status,
    dateOfIssuance: values.dateOfIssuance || null,
    dueDate: values.dueDate || null,
    targetDate: values.targetDate || null,
    taxPeriod: values.taxPeriod.trim() || null,
    amountDemanded: amountOf(values.amountDemanded) ?? null,
    assignedToExternalId: values.assignedToExternalId || null,
  };
}

/** Only what the form changed, so the notice's history records just that; the client is not the form's to change. */
function changesOf(notice: NoticeView, values: FormValues): NoticeChanges {
  const next = inputOf(values);
  const before = inputOf(initialValues(notice));
  const changes: Record<string, unknown> = {};
  for (const field of Object.keys(next) as (keyof NoticeInput)[]) {
    if (field !== 'clientId' && next[field] !== before[field]) changes[field] = next[field];
  }
  return changes as NoticeChanges;
}

function NoticeForm({ workspaceId, notice, onClose, onSaved, onBusyChange }: NoticeFormDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const isNew = !notice;
  const clients = useClientOptions(workspaceId, isNew);
  const members = useWorkspaceMembers(workspaceId);
  const create = useCreateNotice(workspaceId);
  const update = useUpdateNotice(workspaceId);
  const [values, setValues] = useState(() => initialValues(notice));
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = create.isPending || update.isPending;
  const idPrefix = useId();
  const idOf = (field: Field) => `${idPrefix}-${field}`;

  const set = <Name extends Field>(field: Name, value: FormValues[Name]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const textProps = (field: Field, maxLength?: number) => ({
    value: values[field],
    onValueChange: (value: string) => set(field, value),
    maxLength,
    intent: errors[field] ? ('danger' as const) : ('none' as const),
  });
  const dateProps = (field: 'dateOfIssuance' | 'dueDate' | 'targetDate') => ({ ...textProps(field), type: 'date' });
  const choiceProps = <Name extends 'department' | 'priority' | 'status'>(field: Name) => ({
    inputId: idOf(field),
    error: errors[field],
    value: values[field],
    onChange: (value: FormValues[Name]) => set(field, value),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems = problemsOf(values, isNew);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const changes = notice ? changesOf(notice, values) : null;
    if (notice && changes && Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    onBusyChange(true);
    try {
      const saved =
        notice && changes ? await update.mutateAsync({ noticeId: notice.externalId, changes }) : await create.mutateAsync(inputOf(values));
      void showToast({ message: notice ? NOTICE_TOASTS.updated : NOTICE_TOASTS.created, intent: 'success' });
      onSaved(saved);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      void showFailure(notice ? NOTICE_TOASTS.updateFailed : NOTICE_TOASTS.createFailed, error);
    } finally {
      onBusyChange(false);
    }
  };

  const memberList = members.data ?? [];
  const offeredMembers = assignableMembers(memberList, values.clientId ? [values.clientId] : [], values.assignedToExternalId);
  const formerAssignee =
    notice?.assignedTo && !memberList.some((member) => member.externalId === notice.assignedTo?.externalId) ? notice.assignedTo : null;

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogBody className="notices-form">
        {notice ? (
          <p className={`notices-form__subtitle ${Classes.TEXT_MUTED}`}>
            Client: <strong>{notice.client.name}</strong>
          </p>
        ) : (
          <FormField label="Client" inputId={idOf('clientId')} error={errors.clientId ?? (clients.error ? 'Failed to fetch clients' : undefined)}>
            {(control) => (
              <HTMLSelect {...control} fill value={values.clientId} onChange={(event) => set('clientId', event.currentTarget.value)} autoFocus>
                <option value={NONE} disabled>
                  {clients.isPending ? 'Loading clients...' : 'Select a client'}
                </option>
                {(clients.data ?? []).map((client) => (
                  <option key={client.externalId} value={client.externalId}>
                    {client.name}
                  </option>
                ))}
              </HTMLSelect>
            )}
          </FormField>
        )}
        <FormRow>
          <SelectField label="Department" {...choiceProps('department')} options={NOTICE_DEPARTMENTS} labels={DEPARTMENT_LABELS} />
          <FormField
            label="Notice Type"
            inputId={idOf('noticeType')}
            error={errors.noticeType}
            hint="The form or section, e.g. ASMT-10 or Section 143(2)"
          >
            {(control) => <InputGroup {...control} {...textProps('noticeType', MAX_NOTICE_TYPE_LENGTH)} autoFocus={!isNew} />}
          </FormField>
        </FormRow>
        <FormField label="Reference / DIN" inputId={idOf('reference')} error={errors.reference}>
          {(control) => <InputGroup {...control} {...textProps('reference', MAX_REFERENCE_LENGTH)} />}
        </FormField>
        <FormField label="Description" inputId={idOf('description')} error={errors.description}>
          {(control) => (
            <TextArea
              {...control}
              value={values.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              maxLength={MAX_DESCRIPTION_LENGTH}
              rows={3}
              fill
              intent={errors.description ? 'danger' : 'none'}
            />
          )}
        </FormField>
        <FormRow>
          <FormField label="Date of Issuance" inputId={idOf('dateOfIssuance')} error={errors.dateOfIssuance}>
            {(control) => <InputGroup {...control} {...dateProps('dateOfIssuance')} />}
          </FormField>
          <FormField label="Due Date" inputId={idOf('dueDate')} error={errors.dueDate}>
            {(control) => <InputGroup {...control} {...dateProps('dueDate')} />}
          </FormField>
          <FormField label="Target Date" inputId={idOf('targetDate')} error={errors.targetDate} hint="The firm's own date, ahead of the due date">
            {(control) => <InputGroup {...control} {...dateProps('targetDate')} />}
          </FormField>
        </FormRow>
        <FormRow>
          <SelectField<PriorityChoice, NoticePriority>
            label="Priority"
            {...choiceProps('priority')}
            options={NOTICE_PRIORITIES}
            labels={PRIORITY_LABELS}
          >
            {/* Once a member picks a priority it is theirs; the automatic one is offered while it still applies. */}
            {(!notice || !notice.prioritySetByMember) && (
              <option value={AUTOMATIC}>
                {notice ? `Automatic (${PRIORITY_LABELS[notice.priority]})` : 'Automatic (from the due date and amount)'}
              </option>
            )}
          </SelectField>
          <SelectField label="Status" {...choiceProps('status')} options={NOTICE_STATUSES} labels={STATUS_LABELS} />
        </FormRow>
        <FormRow>
          <FormField label="Tax Period / Assessment Year" inputId={idOf('taxPeriod')} error={errors.taxPeriod}>
            {(control) => <InputGroup {...control} {...textProps('taxPeriod', MAX_TAX_PERIOD_LENGTH)} placeholder="e.g. 2025-26" />}
          </FormField>
          <FormField label="Amount Demanded (₹)" inputId={idOf('amountDemanded')} error={errors.amountDemanded}>
            {(control) => <InputGroup {...control} {...textProps('amountDemanded')} inputMode="decimal" placeholder="e.g. 1,25,000.50" />}
          </FormField>
        </FormRow>
        <FormField
          label="Assigned To"
          inputId={idOf('assignedToExternalId')}
          error={errors.assignedToExternalId ?? (members.error ? 'Failed to fetch workspace members' : undefined)}
        >
          {(control) => (
            <HTMLSelect
              {...control}
              fill
              value={values.assignedToExternalId}
              onChange={(event) => set('assignedToExternalId', event.currentTarget.value)}
            >
              <option value={NONE}>Unassigned</option>
              {formerAssignee && <option value={formerAssignee.externalId}>{formerAssignee.name} (former member)</option>}
              {offeredMembers.map((member) => (
                <option key={member.externalId} value={member.externalId}>
                  {member.name}
                </option>
              ))}
            </HTMLSelect>
          )}
        </FormField>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={busy} />
            <Button
              type="submit"
              intent="primary"
              text={notice ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Adding...' : 'Add Notice'}
              disabled={busy}
            />
          </>
        }
      />
    </form>
  );
}
