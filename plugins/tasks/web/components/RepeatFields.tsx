import { Classes, FormGroup, NumericInput } from '@blueprintjs/core';
import { useId } from 'react';
import { SelectField } from '@axal/web-sdk/ui';
import { MAX_CREATE_DAYS_BEFORE, RECURRENCE_FREQUENCIES, type RecurrenceFrequency } from '../../shared/wire';
import { FREQUENCY_LABELS, MAX_DAY_OF_MONTH, MAX_REPEAT_INTERVAL, repeatSummary, unitOf, usesDayOfMonth, type RepeatValue } from '../recurrence-form';

const DOES_NOT_REPEAT = '' as const;

/** A number being typed may be empty for a moment: show nothing rather than "NaN". */
const shown = (value: number) => (Number.isNaN(value) ? '' : value);

interface RepeatFieldsProps {
  value: RepeatValue;
  onChange: (value: RepeatValue) => void;
  /** A series being edited keeps repeating: stopping is its own action. */
  allowNoRepeat?: boolean;
  error?: string;
  disabled?: boolean;
}

/** The "Repeat" part of a task form: how often, every how many, on which day, and how early each task appears. */
export function RepeatFields({ value, onChange, allowNoRepeat = true, error, disabled }: RepeatFieldsProps) {
  const frequencyId = useId();
  const intervalId = useId();
  const dayId = useId();
  const earlyId = useId();
  const set = (changes: Partial<RepeatValue>) => onChange({ ...value, ...changes });
  const frequency = value.frequency;

  return (
    <fieldset className="tasks-repeat" disabled={disabled}>
      <legend className="tasks-repeat__legend">Repeat</legend>
      <SelectField<RecurrenceFrequency | typeof DOES_NOT_REPEAT, RecurrenceFrequency>
        label="Repeats"
        inputId={frequencyId}
        error={error}
        value={frequency ?? DOES_NOT_REPEAT}
        options={RECURRENCE_FREQUENCIES}
        labels={FREQUENCY_LABELS}
        onChange={(chosen) => set({ frequency: chosen || null })}
      >
        {allowNoRepeat && <option value={DOES_NOT_REPEAT}>Does not repeat</option>}
      </SelectField>
      {frequency && (
        <div className="tasks-repeat__row">
          <FormGroup label={`Every (${unitOf(frequency, value.interval)})`} labelFor={intervalId}>
            <NumericInput
              id={intervalId}
              min={1}
              max={MAX_REPEAT_INTERVAL}
              value={shown(value.interval)}
              onValueChange={(interval) => set({ interval })}
              buttonPosition="none"
              clampValueOnBlur
              fill
            />
          </FormGroup>
          {usesDayOfMonth(frequency) && (
            <FormGroup label="On day of the month" labelFor={dayId}>
              <NumericInput
                id={dayId}
                min={1}
                max={MAX_DAY_OF_MONTH}
                value={shown(value.dayOfMonth)}
                onValueChange={(dayOfMonth) => set({ dayOfMonth })}
                buttonPosition="none"
                clampValueOnBlur
                fill
              />
            </FormGroup>
          )}
          <FormGroup label="Create days before due" labelFor={earlyId}>
            <NumericInput
              id={earlyId}
              min={0}
              max={MAX_CREATE_DAYS_BEFORE}
              value={shown(value.createDaysBefore)}
              onValueChange={(createDaysBefore) => set({ createDaysBefore })}
              buttonPosition="none"
              clampValueOnBlur
              fill
            />
          </FormGroup>
        </div>
      )}
      {frequency && <p className={`tasks-repeat__summary ${Classes.TEXT_MUTED}`}>{repeatSummary(value)}</p>}
    </fieldset>
  );
}
