import { Button, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { usePermission } from '@axal/web-sdk';
import { showErrorToast, showToast } from '@axal/web-sdk/ui';
import { useUpgradeStorage, useStorageInfo } from '../api';
import { formatGigabytes } from '../file-kinds';

const GIGABYTE = 1024 ** 3;
const UPGRADE_OPTIONS_GB = [1, 5, 10, 50] as const;

/** 'Upgrade Storage', shown only to members with manage_storage (spec 3 section 6). */
export function UpgradeStorageButton({ workspaceId }: { workspaceId: string }) {
  const canManageStorage = usePermission('manage_storage');
  const [isOpen, setOpen] = useState(false);
  if (!canManageStorage) return null;
  return (
    <>
      <Button icon="database" text="Upgrade Storage" onClick={() => setOpen(true)} />
      <UpgradeStorageDialog workspaceId={workspaceId} isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

function UpgradeStorageDialog({ workspaceId, isOpen, onClose }: { workspaceId: string; isOpen: boolean; onClose: () => void }) {
  const [gigabytes, setGigabytes] = useState<number>(UPGRADE_OPTIONS_GB[0]);
  const storage = useStorageInfo(workspaceId, isOpen);
  const upgrade = useUpgradeStorage(workspaceId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upgrade.isPending) return;
    upgrade.mutate(gigabytes * GIGABYTE, {
      onSuccess: (updated) => {
        void showToast({
          title: 'Storage upgraded',
          message: `The storage limit is now ${formatGigabytes(updated.storageLimit)}.`,
          intent: 'success',
        });
        onClose();
      },
      onError: (error) => void showErrorToast(error, 'Please try again.', 'Failed to upgrade storage'),
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Upgrade Storage"
      icon="database"
      canEscapeKeyClose={!upgrade.isPending}
      canOutsideClickClose={!upgrade.isPending}
    >
      <form onSubmit={handleSubmit}>
        <DialogBody>
          {storage.data && <p>Current limit: {formatGigabytes(storage.data.storageLimit)}.</p>}
          <RadioGroup label="Add storage" selectedValue={gigabytes} onChange={(event) => setGigabytes(Number(event.currentTarget.value))}>
            {UPGRADE_OPTIONS_GB.map((option) => (
              <Radio key={option} value={option} label={`${option} GB`} />
            ))}
          </RadioGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={upgrade.isPending} />
              <Button type="submit" intent="primary" text={upgrade.isPending ? 'Upgrading...' : 'Add Storage'} disabled={upgrade.isPending} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
