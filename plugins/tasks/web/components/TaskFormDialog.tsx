import { Button, Classes, DialogBody, DialogFooter, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, useClientOptions, useSession } from '@axal/web-sdk';
import { FormDialog, FormField, FormRow, SelectField, showErrorToast, showToast } from '@axal/web-sdk/ui';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TOASTS,
  type TaskPriority,
  type TaskStatus,
  type TaskView,
} from '../../shared/wire';
import { useCreateTask, useUpdateTask, useWorkspaceMembers, type ApplyTo, type TaskInput } from '../api';
import { dayOfMonthOf, recurrenceOf, repeatValueOf, type RepeatValue } from '../recurrence-form';
import { isNewPastDate, PAST_DUE_DATE, PRIORITY_LABELS, repeatsNow, STATUS_LABELS } from '../task-display';
import { RepeatFields } from './RepeatFields';
import { AssigneeField, DueDateField } from './TaskFields';

const NO_CLIENT = '';
const NO_ASSIGNEE = '';

/** What a new task starts with when opened from another page: a client's page, or a record of another plugin. */
export interface TaskPrefill {
  clientId?: string;
  /** Named, since the client select may not hold every client (it lists the first 1,000 by name). */
  clientName?: string;
  entityType?: string;
  entityId?: string;
}

export interface TaskFormDialogProps {
  workspaceId: string;
  isOpen: boolean;
  /** The task to edit; absent to create one. */
  task?: TaskView;
  /** Editing a task of a series: this task alone, or it and the series' later tasks. */
  applyTo?: ApplyTo;
  prefill?: TaskPrefill;
  onClose: () => void;
  onClosed?: () => void;
  onSaved?: (task: TaskView) => void;
}

/** The Create Task and Edit Task dialog (spec 2 sections 2.2 and 2.4): one form for both. */
export function TaskFormDialog(props: TaskFormDialogProps) {
  const { isOpen, task, onClose, onClosed } = props;
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} onClosed={onClosed} title={task ? 'Edit Task' : 'New Task'} className="tasks-dialog">
      {(onBusyChange) => <TaskForm {...props} onBusyChange={onBusyChange} />}
    </FormDialog>
  );
}

interface FormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string;
  assignedToExternalId: string;
  clientExternalId: string;
  repeat: RepeatValue;
}

function initialValues(task: TaskView | undefined, prefill: TaskPrefill | undefined, selfId: string | undefined): FormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? 'PENDING',
    priority: task?.priority ?? 'MEDIUM',
    dueDate: task?.dueDate ?? '',
    assignedToExternalId: task ? (task.assignedTo?.externalId ?? NO_ASSIGNEE) : (selfId ?? NO_ASSIGNEE),
    clientExternalId: task ? (task.client?.externalId ?? NO_CLIENT) : (prefill?.clientId ?? NO_CLIENT),
    repeat: repeatValueOf(task?.recurrence ?? null, task?.dueDate ?? null),
  };
}

type FieldErrors = Partial<
  Record<'title' | 'description' | 'assignedToExternalId' | 'dueDate' | 'clientExternalId' | 'recurrence' | 'status' | 'priority', string>
>;

/** The server's `details` by field; a nested field (`recurrence.dayOfMonth`) is shown at its section. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    const key = field.split('.')[0];
    if (messages[0] && !errors[key]) errors[key] = messages[0];
  }
  return errors;
}

function missingFields(values: FormValues, keptDueDate: string | null | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.title.trim()) errors.title = TASK_MESSAGES.titleRequired;
  if (!values.description.trim()) errors.description = TASK_MESSAGES.descriptionRequired;
  if (!values.assignedToExternalId) errors.assignedToExternalId = TASK_MESSAGES.assigneeRequired;
  if (isNewPastDate(values.dueDate, keptDueDate)) errors.dueDate = PAST_DUE_DATE;
  return errors;
}

/**
 * An edit sends only what the user changed: a change for the whole series reaches its later tasks, which must keep
 * the fields each of them was given on its own, and an unchanged rule must not restart from this task's due date.
 */
function changedFields(edited: TaskInput, initial: TaskInput): Partial<TaskInput> {
  const keys = new Set([...Object.keys(edited), ...Object.keys(initial)] as (keyof TaskInput)[]);
  return Object.fromEntries(
    [...keys].filter((key) => JSON.stringify(edited[key]) !== JSON.stringify(initial[key])).map((key) => [key, edited[key]]),
  ) as Partial<TaskInput>;
}

function TaskForm({
  workspaceId,
  task,
  applyTo,
  prefill,
  onClose,
  onSaved,
  onBusyChange,
}: TaskFormDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const session = useSession();
  const members = useWorkspaceMembers(workspaceId);
  const clients = useClientOptions(workspaceId);
  const create = useCreateTask(workspaceId);
  const update = useUpdateTask(workspaceId);
  const [initial] = useState(() => initialValues(task, prefill, session.data?.user?.externalId));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = create.isPending || update.isPending;
  const ids = { title: useId(), description: useId(), status: useId(), priority: useId(), assignee: useId(), due: useId(), client: useId() };

  const isSeriesTask = repeatsNow(task);
  // A task of a series changed alone keeps the series' rule, and one of a stopped series has none to change; a task
  // outside any series may start repeating.
  const showsRepeat = !task?.seriesId || (isSeriesTask && applyTo === 'SERIES');
  const set = <Field extends keyof FormValues>(field: Field, value: FormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field === 'repeat' ? 'recurrence' : field]: undefined }));
  };
  const choiceProps = <Field extends 'status' | 'priority'>(field: Field) => ({
    inputId: ids[field],
    error: errors[field],
    value: values[field],
    onChange: (value: FormValues[Field]) => set(field, value),
  });
  const setDueDate = (dueDate: string) => {
    // A new rule repeats on the due date's day unless the user picked another one.
    setValues((current) => ({
      ...current,
      dueDate,
      repeat: current.repeat.frequency || task ? current.repeat : { ...current.repeat, dayOfMonth: dayOfMonthOf(dueDate) },
    }));
    setErrors((current) => ({ ...current, dueDate: undefined }));
  };

  const bodyOf = (form: FormValues): TaskInput => {
    const recurrence = showsRepeat ? recurrenceOf(form.repeat) : undefined;
    return {
      title: form.title.trim(),
      description: form.description.trim(),
      status: form.status,
      priority: form.priority,
      dueDate: form.dueDate || null,
      assignedToExternalId: form.assignedToExternalId,
      clientExternalId: form.clientExternalId || null,
      ...(recurrence ? { recurrence } : {}),
    };
  };
  const creation = (): TaskInput => ({
    ...bodyOf(values),
    ...(prefill?.entityType && prefill.entityId ? { entityType: prefill.entityType, entityId: prefill.entityId } : {}),
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingFields(values, task?.dueDate);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    onBusyChange(true);
    try {
      const saved = task
        ? await update.mutateAsync({ taskId: task.externalId, changes: changedFields(bodyOf(values), bodyOf(initial)), applyTo })
        : await create.mutateAsync(creation());
      void showToast({ message: task ? TASK_TOASTS.updated : TASK_TOASTS.created, intent: 'success' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      void showErrorToast(error, task ? TASK_TOASTS.updateFailed : TASK_TOASTS.createFailed);
    } finally {
      onBusyChange(false);
    }
  };

  const memberList = members.data ?? [];
  const currentAssigneeMissing = Boolean(task?.assignedTo && !memberList.some((member) => member.externalId === task.assignedTo?.externalId));
  const clientList = clients.data ?? [];
  const givenClient = task?.client ?? (prefill?.clientId && prefill.clientName ? { externalId: prefill.clientId, name: prefill.clientName } : null);
  const givenClientMissing = Boolean(givenClient && !clientList.some((client) => client.externalId === givenClient.externalId));

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogBody className="tasks-form">
        {task && <p className={`tasks-form__subtitle ${Classes.TEXT_MUTED}`}>Update task details and information.</p>}
        <FormField label="Title" inputId={ids.title} error={errors.title}>
          {(control) => (
            <InputGroup
              {...control}
              value={values.title}
              onValueChange={(title) => set('title', title)}
              maxLength={MAX_TITLE_LENGTH}
              intent={errors.title ? 'danger' : 'none'}
              autoFocus
            />
          )}
        </FormField>
        <FormField label="Description" inputId={ids.description} error={errors.description}>
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
          <SelectField label="Status" {...choiceProps('status')} options={TASK_STATUSES} labels={STATUS_LABELS} />
          <SelectField label="Priority" {...choiceProps('priority')} options={TASK_PRIORITIES} labels={PRIORITY_LABELS} />
        </FormRow>
        <FormRow>
          <AssigneeField
            inputId={ids.assignee}
            value={values.assignedToExternalId}
            onChange={(externalId) => set('assignedToExternalId', externalId)}
            error={errors.assignedToExternalId}
            members={members}
            clientIds={values.clientExternalId ? [values.clientExternalId] : []}
            formerAssignee={currentAssigneeMissing ? task?.assignedTo : null}
          />
          <DueDateField label="Due Date" inputId={ids.due} value={values.dueDate} onChange={setDueDate} error={errors.dueDate} />
        </FormRow>
        <FormField
          label="Client"
          inputId={ids.client}
          error={errors.clientExternalId ?? (clients.error ? TASK_TOASTS.fetchClientsFailed : undefined)}
        >
          {(control) => (
            <HTMLSelect {...control} fill value={values.clientExternalId} onChange={(event) => set('clientExternalId', event.currentTarget.value)}>
              <option value={NO_CLIENT}>No client</option>
              {givenClientMissing && givenClient && <option value={givenClient.externalId}>{givenClient.name}</option>}
              {clientList.map((client) => (
                <option key={client.externalId} value={client.externalId}>
                  {client.name}
                </option>
              ))}
            </HTMLSelect>
          )}
        </FormField>
        {showsRepeat && (
          <RepeatFields value={values.repeat} onChange={(repeat) => set('repeat', repeat)} allowNoRepeat={!isSeriesTask} error={errors.recurrence} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={busy} />
            <Button
              type="submit"
              intent="primary"
              text={task ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Task'}
              disabled={busy}
            />
          </>
        }
      />
    </form>
  );
}
