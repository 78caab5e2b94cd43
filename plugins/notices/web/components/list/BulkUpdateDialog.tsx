import { Button, Classes, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { showToast } from '@axal/web-sdk/ui';
import { BULK_DIALOG_STATUSES, NOTICE_TOASTS, type NoticeStatus } from '../../../shared/wire';
import { useBulkUpdateNotices } from '../../api';
import { STATUS_LABELS } from '../../notice-display';
import { showFailure } from './failure-toast';

interface BulkUpdateDialogProps {
  workspaceId: string;
  isOpen: boolean;
  noticeIds: string[];
  onClose: () => void;
  onUpdated: () => void;
}

/** 'Update Notice Status' for the chosen rows (spec 2 sections 2.9 and 4): only NEW, IN_PROGRESS, RESOLVED, EXPIRED. */
export function BulkUpdateDialog({ workspaceId, isOpen, noticeIds, onClose, onUpdated }: BulkUpdateDialogProps) {
  const update = useBulkUpdateNotices(workspaceId);
  const [status, setStatus] = useState<NoticeStatus | ''>('');
  const close = () => {
    setStatus('');
    onClose();
  };

  const submit = async () => {
    if (!status) return;
    try {
      await update.mutateAsync({ noticeIds, status });
      void showToast({ message: NOTICE_TOASTS.bulkUpdated, intent: 'success' });
      onUpdated();
      close();
    } catch (error) {
      void showFailure(NOTICE_TOASTS.bulkUpdateFailed, error);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title="Update Notice Status"
      className="notices-dialog notices-dialog--narrow"
      canEscapeKeyClose={!update.isPending}
      canOutsideClickClose={!update.isPending}
      isCloseButtonShown={!update.isPending}
    >
      <DialogBody>
        <RadioGroup
          label={`New status for ${noticeIds.length} selected notice(s)`}
          selectedValue={status}
          onChange={(event) => setStatus(event.currentTarget.value as NoticeStatus)}
          className="notices-status-choice"
        >
          {BULK_DIALOG_STATUSES.map((option) => (
            <Radio key={option} value={option} label={STATUS_LABELS[option]} />
          ))}
        </RadioGroup>
        <p className={Classes.TEXT_MUTED}>Every selected notice gets this status.</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} disabled={update.isPending} />
            <Button
              intent="primary"
              text={update.isPending ? 'Updating...' : 'Update'}
              disabled={!status || update.isPending}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
