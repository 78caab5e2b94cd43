import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { showToast } from '@axal/web-sdk/ui';
import { HEADER_DIALOG_STATUSES, NOTICE_MESSAGES, NOTICE_TOASTS, type NoticeStatus, type NoticeView } from '../../../shared/wire';
import { useUpdateNotice } from '../../api';
import { STATUS_LABELS } from '../../notice-display';
import { showFailure } from '../list/failure-toast';

interface UpdateStatusDialogProps {
  workspaceId: string;
  notice: NoticeView;
  isOpen: boolean;
  onClose: () => void;
}

/** The header's Update Status (spec 2 section 4): any status may follow any other, but not itself. */
export function UpdateStatusDialog({ workspaceId, notice, isOpen, onClose }: UpdateStatusDialogProps) {
  const update = useUpdateNotice(workspaceId);
  const [choice, setChoice] = useState<NoticeStatus | ''>('');
  const selectId = useId();
  const hintId = useId();
  const current = notice.status ?? 'NEW';
  const hint = choice === '' ? NOTICE_MESSAGES.statusRequired : choice === current ? NOTICE_MESSAGES.statusUnchanged : null;

  const close = () => {
    setChoice('');
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (hint || choice === '') return;
    update.mutate(
      { noticeId: notice.externalId, changes: { status: choice } },
      {
        onSuccess: () => {
          void showToast({ message: NOTICE_TOASTS.statusUpdated, intent: 'success' });
          close();
        },
        onError: (error) => void showFailure(NOTICE_TOASTS.statusUpdateFailed, error),
      },
    );
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Update Status" className="notices-details-dialog">
      <form onSubmit={submit}>
        <DialogBody>
          <p className="notices-details-dialog__text">
            Current status: <strong>{STATUS_LABELS[current]}</strong>
          </p>
          <FormGroup label="New status" labelFor={selectId} helperText={<span id={hintId}>{hint}</span>}>
            <HTMLSelect
              id={selectId}
              fill
              value={choice}
              aria-describedby={hintId}
              onChange={(event) => setChoice(event.currentTarget.value as NoticeStatus | '')}
            >
              <option value="">Select a status</option>
              {HEADER_DIALOG_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} disabled={update.isPending} />
              <Button
                type="submit"
                intent="primary"
                text={update.isPending ? 'Updating...' : 'Update'}
                disabled={hint !== null || update.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
