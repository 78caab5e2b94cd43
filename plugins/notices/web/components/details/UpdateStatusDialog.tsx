import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { SelectField, showToast } from '@axal/web-sdk/ui';
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
          <SelectField<NoticeStatus | '', (typeof HEADER_DIALOG_STATUSES)[number]>
            label="New status"
            inputId={selectId}
            hint={hint}
            value={choice}
            options={HEADER_DIALOG_STATUSES}
            labels={STATUS_LABELS}
            onChange={setChoice}
          >
            <option value="">Select a status</option>
          </SelectField>
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
