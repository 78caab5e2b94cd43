import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { useSavePluginSettings, type SettingsValues } from './plugin-settings-api';
import { draftOf, limitsHint, valuesOf, type SettingsDraft, type SettingsFormField } from './settings-form-fields';

interface FieldControlProps {
  control: SettingsFormField;
  value: string | boolean;
  problem?: string;
  disabled: boolean;
  onChange: (value: string | boolean) => void;
}

function FieldControl({ control, value, problem, disabled, onChange }: FieldControlProps) {
  const inputId = useId();
  const helperId = useId();
  const hint = [control.help, limitsHint(control)].filter(Boolean).join(' ');
  const helperText: ReactNode = problem ? (
    <span id={helperId} role="alert">
      {problem}
    </span>
  ) : (
    hint && <span id={helperId}>{hint}</span>
  );
  const describedBy = problem || hint ? helperId : undefined;
  const intent = problem ? 'danger' : 'none';

  if (control.kind === 'switch') {
    return (
      <FormGroup helperText={helperText} intent={intent}>
        <Switch
          id={inputId}
          label={control.label}
          checked={value === true}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      </FormGroup>
    );
  }
  const text = String(value);
  return (
    <FormGroup
      label={control.label}
      labelFor={inputId}
      labelInfo={control.required ? undefined : '(optional)'}
      helperText={helperText}
      intent={intent}
    >
      {control.kind === 'select' ? (
        <HTMLSelect
          id={inputId}
          value={text}
          disabled={disabled}
          aria-invalid={Boolean(problem)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
          options={[
            ...(control.required ? [] : [{ value: '', label: 'Not set' }]),
            ...control.options.map((option) => ({ value: option, label: option })),
          ]}
        />
      ) : (
        <InputGroup
          id={inputId}
          className="plugin-settings-form__input"
          value={text}
          disabled={disabled}
          intent={intent}
          aria-invalid={Boolean(problem)}
          aria-describedby={describedBy}
          onValueChange={onChange}
          {...(control.kind === 'number'
            ? { type: 'number', min: control.minimum, max: control.maximum, step: control.integer ? 1 : 'any' }
            : { maxLength: control.maxLength })}
        />
      )}
    </FormGroup>
  );
}

interface GenericSettingsFormProps {
  workspaceId: string;
  pluginId: string;
  pluginName: string;
  controls: SettingsFormField[];
  /** The saved values; the form starts from them and is re-created when they change. */
  values: SettingsValues;
}

/** The form the shell generates from a plugin's settings schema: Save is on once something changed. */
export function GenericSettingsForm({ workspaceId, pluginId, pluginName, controls, values }: GenericSettingsFormProps) {
  const saved = draftOf(controls, values);
  const [draft, setDraft] = useState<SettingsDraft>(saved);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [otherProblems, setOtherProblems] = useState<string[]>([]);
  const save = useSavePluginSettings(workspaceId, pluginId);
  const changed = controls.some((control) => draft[control.key] !== saved[control.key]);
  const keys = new Set(controls.map((control) => control.key));

  const change = (key: string, value: string | boolean) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblems(({ [key]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    const reading = valuesOf(controls, draft);
    setProblems(reading.problems);
    setOtherProblems([]);
    if (Object.keys(reading.problems).length > 0) return;
    save.mutate(reading.values, {
      onSuccess: () =>
        void showToast({ title: 'Settings saved', message: `The ${pluginName} settings of this workspace are saved.`, intent: 'success' }),
      onError: (error) => {
        const details = error instanceof ApiError ? Object.entries(error.details) : [];
        if (details.length === 0) {
          void showErrorToast(error, 'The settings could not be saved. Please try again.', 'Settings not saved');
          return;
        }
        setProblems(Object.fromEntries(details.filter(([key]) => keys.has(key)).map(([key, messages]) => [key, messages[0] ?? 'Invalid value'])));
        setOtherProblems(details.filter(([key]) => !keys.has(key)).flatMap(([, messages]) => messages));
      },
    });
  };

  return (
    <form className="plugin-settings-form" onSubmit={submit} noValidate aria-label={`${pluginName} settings`}>
      {otherProblems.length > 0 && (
        <Callout intent="danger" compact role="alert">
          {otherProblems.join(' ')}
        </Callout>
      )}
      {controls.map((control) => (
        <FieldControl
          key={control.key}
          control={control}
          value={draft[control.key] ?? ''}
          problem={problems[control.key]}
          disabled={save.isPending}
          onChange={(value) => change(control.key, value)}
        />
      ))}
      <div className="plugin-settings-form__actions">
        <Button type="submit" intent="primary" text={save.isPending ? 'Saving...' : 'Save'} disabled={!changed || save.isPending} />
        <Button
          variant="minimal"
          text="Discard changes"
          disabled={!changed || save.isPending}
          onClick={() => {
            setDraft(saved);
            setProblems({});
            setOtherProblems([]);
          }}
        />
      </div>
    </form>
  );
}
