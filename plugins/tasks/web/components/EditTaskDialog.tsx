import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState } from 'react';
import type { TaskView } from '../../shared/wire';
import type { ApplyTo } from '../api';
import { repeatsNow } from '../task-display';
import { TaskFormDialog } from './TaskFormDialog';

interface EditTaskDialogProps {
  workspaceId: string;
  /** The task to edit; null while closed. */
  task: TaskView | null;
  onClose: () => void;
}

/** Focus on nothing, or still in a dialog that has closed (kept there while its save was under way). */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (active.closest('[role="dialog"]') !== null && active.closest('.bp6-overlay-open') === null);
}

/** Edit Task; a task of a series first asks whether the change is for it alone or for the whole series. */
export function EditTaskDialog({ workspaceId, task, onClose }: EditTaskDialogProps) {
  const [applyTo, setApplyTo] = useState<ApplyTo | null>(null);
  // The last task stays mounted while its dialog closes: Blueprint hands focus back to the opener only at the end
  // of the closing transition, which a dialog removed at once never reaches.
  const [lastTask, setLastTask] = useState(task);
  const [openTaskId, setOpenTaskId] = useState(task?.externalId);
  if (task && task !== lastTask) setLastTask(task);
  // A task opened anew (another one, or the same after closing) starts with the question again; the same task
  // fetched anew while open does not.
  if (openTaskId !== task?.externalId) {
    setOpenTaskId(task?.externalId);
    if (task) setApplyTo(null);
  }
  const asking = task !== null && repeatsNow(task) && applyTo === null;
  // Blueprint returns focus to what was focused when a dialog opened; after the series question that is its button,
  // gone by then, so the control that opened the question takes it back.
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (openTaskId) opener.current = document.activeElement;
  }, [openTaskId]);
  const returnFocus = () => {
    if (opener.current instanceof HTMLElement && opener.current.isConnected && focusIsLost()) opener.current.focus();
  };

  return (
    <>
      <Dialog isOpen={asking} onClose={onClose} title="Edit a repeating task" className="tasks-dialog tasks-dialog--narrow">
        <DialogBody>
          <p>Edit this task or the whole series?</p>
          <p className="tasks-muted-text">Changes to the series also reach its later tasks that are not completed.</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button text="This task" onClick={() => setApplyTo('THIS')} />
              <Button intent="primary" text="The whole series" onClick={() => setApplyTo('SERIES')} />
            </>
          }
        />
      </Dialog>
      {lastTask && (
        <TaskFormDialog
          workspaceId={workspaceId}
          isOpen={task !== null && !asking}
          task={lastTask}
          applyTo={repeatsNow(lastTask) ? (applyTo ?? 'THIS') : undefined}
          onClose={onClose}
          onClosed={returnFocus}
        />
      )}
    </>
  );
}
