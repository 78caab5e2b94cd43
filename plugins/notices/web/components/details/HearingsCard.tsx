import { Button, Card, Classes, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { SelectField, showToast } from '@axal/web-sdk/ui';
import { HEARING_MODE_LABELS, HEARING_MODES, MAX_HEARING_NOTES_LENGTH, NOTICE_TOASTS, type HearingView, type NoticeView } from '../../../shared/wire';
import { useAddHearing, useRemoveHearing, type HearingInput } from '../../details-api';
import { formatNoticeDate } from '../../notice-display';
import { showFailure } from '../list/failure-toast';

interface HearingsCardProps {
  workspaceId: string;
  notice: NoticeView;
  canEdit: boolean;
}

const byWhen = (left: HearingView, right: HearingView) =>
  `${left.hearingDate} ${left.hearingTime ?? ''}`.localeCompare(`${right.hearingDate} ${right.hearingTime ?? ''}`);

const whenOf = (hearing: HearingView) => `${formatNoticeDate(hearing.hearingDate)}${hearing.hearingTime ? ` at ${hearing.hearingTime}` : ''}`;

/** The notice's hearing dates, earliest first; staff add and remove them. */
export function HearingsCard({ workspaceId, notice, canEdit }: HearingsCardProps) {
  const headingId = useId();
  const [isAdding, setAdding] = useState(false);
  const remove = useRemoveHearing(workspaceId, notice.externalId);
  const hearings = useMemo(() => [...notice.hearings].sort(byWhen), [notice.hearings]);

  const onRemove = (hearing: HearingView) =>
    remove.mutate(hearing.id, {
      onSuccess: () => void showToast({ message: NOTICE_TOASTS.hearingRemoved, intent: 'success' }),
      onError: (error) => void showFailure(NOTICE_TOASTS.hearingFailed, error),
    });

  return (
    <Card className="notices-details-card" role="region" aria-labelledby={headingId}>
      <div className="notices-details-card__head">
        <h2 id={headingId} className="notices-details-card__title">
          Hearings
        </h2>
        {canEdit && !isAdding && <Button icon="plus" text="Add Hearing" onClick={() => setAdding(true)} />}
      </div>
      {hearings.length === 0 ? (
        <p className={`notices-details-text ${Classes.TEXT_MUTED}`}>No hearings scheduled.</p>
      ) : (
        <ul className="notices-details-list">
          {hearings.map((hearing) => (
            <li key={hearing.id} className="notices-details-list__item notices-details-hearing">
              <div className="notices-details-hearing__text">
                <strong className="notices-details-nowrap">{whenOf(hearing)}</strong>
                <span className={Classes.TEXT_MUTED}>{HEARING_MODE_LABELS[hearing.mode]}</span>
                {hearing.notes && <p className="notices-details-text">{hearing.notes}</p>}
              </div>
              {canEdit && (
                <Button
                  minimal
                  icon="trash"
                  aria-label={`Remove hearing on ${whenOf(hearing)}`}
                  disabled={remove.isPending}
                  onClick={() => onRemove(hearing)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && isAdding && <HearingForm workspaceId={workspaceId} noticeId={notice.externalId} onDone={() => setAdding(false)} />}
    </Card>
  );
}

const EMPTY_HEARING: HearingInput = { hearingDate: '', hearingTime: '', mode: 'IN_PERSON', notes: '' };

function HearingForm({ workspaceId, noticeId, onDone }: { workspaceId: string; noticeId: string; onDone: () => void }) {
  const add = useAddHearing(workspaceId, noticeId);
  const [hearing, setHearing] = useState<HearingInput>(EMPTY_HEARING);
  const ids = { date: useId(), time: useId(), mode: useId(), notes: useId() };
  const change = (fields: Partial<HearingInput>) => setHearing((current) => ({ ...current, ...fields }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hearing.hearingDate) return;
    add.mutate(
      { ...hearing, hearingTime: hearing.hearingTime || null, notes: hearing.notes?.trim() ?? '' },
      {
        onSuccess: () => {
          void showToast({ message: NOTICE_TOASTS.hearingAdded, intent: 'success' });
          onDone();
        },
        onError: (error) => void showFailure(NOTICE_TOASTS.hearingFailed, error),
      },
    );
  };

  return (
    <form className="notices-details-hearing-form" onSubmit={submit} aria-label="Add a hearing">
      <div className="notices-details-hearing-form__row">
        <FormGroup label="Hearing date" labelFor={ids.date}>
          <InputGroup
            id={ids.date}
            type="date"
            required
            value={hearing.hearingDate}
            onChange={(event) => change({ hearingDate: event.target.value })}
          />
        </FormGroup>
        <FormGroup label="Time" labelFor={ids.time} labelInfo="(optional)">
          <InputGroup id={ids.time} type="time" value={hearing.hearingTime ?? ''} onChange={(event) => change({ hearingTime: event.target.value })} />
        </FormGroup>
        <SelectField
          label="Mode"
          inputId={ids.mode}
          value={hearing.mode}
          options={HEARING_MODES}
          labels={HEARING_MODE_LABELS}
          onChange={(mode) => change({ mode })}
        />
      </div>
      <FormGroup label="Notes" labelFor={ids.notes} labelInfo="(optional)">
        <TextArea
          id={ids.notes}
          fill
          rows={2}
          maxLength={MAX_HEARING_NOTES_LENGTH}
          value={hearing.notes ?? ''}
          onChange={(event) => change({ notes: event.target.value })}
        />
      </FormGroup>
      <div className="notices-details-hearing-form__actions">
        <Button text="Cancel" onClick={onDone} disabled={add.isPending} />
        <Button type="submit" intent="primary" text={add.isPending ? 'Adding...' : 'Add'} disabled={!hearing.hearingDate || add.isPending} />
      </div>
    </form>
  );
}
