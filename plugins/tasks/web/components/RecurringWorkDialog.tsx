import { Button, Checkbox, Classes, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, formatLongDate, useClientOptions, useSession } from '@axal/web-sdk';
import { FormDialog, FormField, FormRow, SelectField, showErrorToast, showToast } from '@axal/web-sdk/ui';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_SERIES_CLIENTS,
  MAX_TITLE_LENGTH,
  SERIES_TITLE_CLIENT_PLACEHOLDER,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_TOASTS,
  type TaskPriority,
} from '../../shared/wire';
import { useCreateRecurringWork, useWorkspaceMembers } from '../api';
import { dayOfMonthOf, previewLine, recurrenceOf, type RepeatValue } from '../recurrence-form';
import { isNewPastDate, PAST_DUE_DATE, PRIORITY_LABELS } from '../task-display';
import { RepeatFields } from './RepeatFields';
import { AssigneeField, DueDateField } from './TaskFields';

const PREVIEW_LINES = 5;
const NO_ASSIGNEE = '';
const SELECT_CLIENTS = 'Select at least one client';
const FIRST_DUE_REQUIRED = 'The first due date is required';

interface RecurringWorkDialogProps {
  workspaceId: string;
  isOpen: boolean;
  onClose: () => void;
}

/** "New recurring work": one repeating series per chosen client from a title template such as "GSTR-3B for {client}". */
export function RecurringWorkDialog({ workspaceId, isOpen, onClose }: RecurringWorkDialogProps) {
  return (
    <FormDialog isOpen={isOpen} onClose={onClose} title="New recurring work" className="tasks-dialog">
      {(onBusyChange) => <RecurringWorkForm workspaceId={workspaceId} onClose={onClose} onBusyChange={onBusyChange} />}
    </FormDialog>
  );
}

type Errors = Partial<Record<'titleTemplate' | 'description' | 'assignedToExternalId' | 'firstDueDate' | 'clientIds' | 'recurrence', string>>;

function RecurringWorkForm({
  workspaceId,
  onClose,
  onBusyChange,
}: {
  workspaceId: string;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const session = useSession();
  const members = useWorkspaceMembers(workspaceId);
  const clients = useClientOptions(workspaceId);
  const create = useCreateRecurringWork(workspaceId);
  const [titleTemplate, setTitleTemplate] = useState(`GSTR-3B for ${SERIES_TITLE_CLIENT_PLACEHOLDER}`);
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<TaskPriority>('MEDIUM');
  const [assignee, setAssignee] = useState(session.data?.user?.externalId ?? NO_ASSIGNEE);
  const [firstDueDate, setFirstDueDate] = useState('');
  const [repeat, setRepeat] = useState<RepeatValue>({ frequency: 'MONTHLY', interval: 1, dayOfMonth: 20, createDaysBefore: 0 });
  const [clientSearch, setClientSearch] = useState('');
  const [clientIds, setClientIds] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<Errors>({});
  const ids = { title: useId(), description: useId(), priority: useId(), assignee: useId(), due: useId() };

  const allClients = clients.data ?? [];
  const chosen = allClients.filter((client) => clientIds.has(client.externalId));
  const needle = clientSearch.trim().toLowerCase();
  const shownClients = allClients.filter((client) => client.name.toLowerCase().includes(needle));
  // A field's error goes as soon as it is changed, as in New Task.
  const clearingError =
    <Value,>(field: keyof Errors, setter: (value: Value) => void) =>
    (value: Value) => {
      setter(value);
      setErrors((current) => ({ ...current, [field]: undefined }));
    };
  const changeTitle = clearingError('titleTemplate', setTitleTemplate);
  const changeDescription = clearingError('description', setDescription);
  const changeAssignee = clearingError('assignedToExternalId', setAssignee);
  const changeFirstDueDate = clearingError('firstDueDate', setFirstDueDate);
  const changeRepeat = clearingError('recurrence', setRepeat);
  const toggleClient = (clientId: string) => {
    setClientIds((current) => {
      const next = new Set(current);
      if (!next.delete(clientId)) next.add(clientId);
      return next;
    });
    setErrors((current) => ({ ...current, clientIds: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!titleTemplate.trim()) found.titleTemplate = TASK_MESSAGES.titleRequired;
    if (!description.trim()) found.description = TASK_MESSAGES.descriptionRequired;
    if (!assignee) found.assignedToExternalId = TASK_MESSAGES.assigneeRequired;
    if (!firstDueDate) found.firstDueDate = FIRST_DUE_REQUIRED;
    else if (isNewPastDate(firstDueDate, null)) found.firstDueDate = PAST_DUE_DATE;
    if (clientIds.size === 0) found.clientIds = SELECT_CLIENTS;
    return found;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const recurrence = recurrenceOf(repeat);
    const found = validate();
    if (Object.keys(found).length > 0 || !recurrence || create.isPending) {
      setErrors(found);
      return;
    }
    onBusyChange(true);
    try {
      const { series } = await create.mutateAsync({
        clientIds: chosen.map((client) => client.externalId),
        titleTemplate: titleTemplate.trim(),
        description: description.trim(),
        priority,
        assignedToExternalId: assignee,
        firstDueDate,
        recurrence,
      });
      void showToast({ message: TASK_TOASTS.seriesCreated(series.length), intent: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.details).map(([field, messages]) => [field.split('.')[0], messages[0]])));
      }
      void showErrorToast(error, TASK_TOASTS.seriesCreateFailed);
    } finally {
      onBusyChange(false);
    }
  };

  const previews =
    firstDueDate && titleTemplate.trim()
      ? chosen
          .slice(0, PREVIEW_LINES)
          .map((client) => ({ id: client.externalId, line: previewLine(titleTemplate, client.name, repeat, formatLongDate(firstDueDate)) }))
      : [];

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogBody className="tasks-form">
        <FormField
          label="Title"
          inputId={ids.title}
          error={errors.titleTemplate}
          hint={`${SERIES_TITLE_CLIENT_PLACEHOLDER} is replaced by each client's name.`}
        >
          {(control) => (
            <InputGroup
              {...control}
              value={titleTemplate}
              onValueChange={changeTitle}
              maxLength={MAX_TITLE_LENGTH}
              intent={errors.titleTemplate ? 'danger' : 'none'}
              autoFocus
            />
          )}
        </FormField>
        <FormField label="Description" inputId={ids.description} error={errors.description}>
          {(control) => (
            <TextArea
              {...control}
              value={description}
              onChange={(event) => changeDescription(event.currentTarget.value)}
              maxLength={MAX_DESCRIPTION_LENGTH}
              rows={2}
              fill
              intent={errors.description ? 'danger' : 'none'}
            />
          )}
        </FormField>
        <FormRow>
          <SelectField
            label="Priority"
            inputId={ids.priority}
            value={priority}
            options={TASK_PRIORITIES}
            labels={PRIORITY_LABELS}
            onChange={setPriority}
          />
          <AssigneeField
            inputId={ids.assignee}
            value={assignee}
            onChange={changeAssignee}
            error={errors.assignedToExternalId}
            members={members}
            clientIds={chosen.map((client) => client.externalId)}
          />
          <DueDateField
            label="First due date"
            inputId={ids.due}
            value={firstDueDate}
            onChange={(date) => {
              changeFirstDueDate(date);
              setRepeat((current) => ({ ...current, dayOfMonth: dayOfMonthOf(date) }));
            }}
            error={errors.firstDueDate}
          />
        </FormRow>
        <RepeatFields value={repeat} onChange={changeRepeat} allowNoRepeat={false} error={errors.recurrence} />
        <fieldset className="tasks-client-picker">
          <legend className="tasks-repeat__legend">
            Clients ({chosen.length} of at most {MAX_SERIES_CLIENTS})
          </legend>
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search clients..."
            aria-label="Search clients"
            value={clientSearch}
            onValueChange={setClientSearch}
          />
          <div className="tasks-member-list" role="group" aria-label="Clients">
            {clients.isPending ? (
              <p className={Classes.TEXT_MUTED}>Loading clients...</p>
            ) : shownClients.length === 0 ? (
              <p className={Classes.TEXT_MUTED}>No clients found.</p>
            ) : (
              shownClients.map((client) => (
                <Checkbox
                  key={client.externalId}
                  label={client.name}
                  checked={clientIds.has(client.externalId)}
                  disabled={!clientIds.has(client.externalId) && clientIds.size >= MAX_SERIES_CLIENTS}
                  onChange={() => toggleClient(client.externalId)}
                  className="tasks-client-picker__option"
                />
              ))
            )}
          </div>
          {errors.clientIds && (
            <p className="tasks-field-error" role="alert">
              {errors.clientIds}
            </p>
          )}
        </fieldset>
        {previews.length > 0 && (
          <section aria-label="Preview" className="tasks-preview">
            <ul>
              {previews.map(({ id, line }) => (
                <li key={id}>{line}</li>
              ))}
            </ul>
            {chosen.length > previews.length && <p className={Classes.TEXT_MUTED}>and {chosen.length - previews.length} more</p>}
          </section>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={create.isPending} />
            <Button
              type="submit"
              intent="primary"
              text={create.isPending ? 'Creating...' : chosen.length > 0 ? `Create ${chosen.length} series` : 'Create series'}
              disabled={create.isPending}
            />
          </>
        }
      />
    </form>
  );
}
