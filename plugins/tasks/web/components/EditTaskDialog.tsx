import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import type { TaskView } from '../../shared/wire';
import type { ApplyTo } from '../api';
import { TaskFormDialog } from './TaskFormDialog';

interface EditTaskDialogProps {
  workspaceId: string;
  /** The task to edit; null while closed. */
  task: TaskView | null;
  onClose: () => void;
}

const repeats = (task: TaskView | null) => Boolean(task?.recurrence && !task.recurrence.stopped);

/** Edit Task; a task of a series first asks whether the change is for it alone or for the whole series. */
export function EditTaskDialog({ workspaceId, task, onClose }: EditTaskDialogProps) {
  const [applyTo, setApplyTo] = useState<ApplyTo | null>(null);
  const [shownTaskId, setShownTaskId] = useState(task?.externalId);
  // Another task (or none) starts with the question again; the same task fetched anew does not.
  if (shownTaskId !== task?.externalId) {
    setShownTaskId(task?.externalId);
    setApplyTo(null);
  }
  const asking = task !== null && repeats(task) && applyTo === null;
  const close = () => {
    setApplyTo(null);
    onClose();
  };

  return (
    <>
      <Dialog isOpen={asking} onClose={close} title="Edit a repeating task" className="tasks-dialog tasks-dialog--narrow">
        <DialogBody>
          <p>Edit this task or the whole series?</p>
          <p className="tasks-muted-text">Changes to the series also reach its later tasks that are not completed.</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={close} />
              <Button text="This task" onClick={() => setApplyTo('THIS')} />
              <Button intent="primary" text="The whole series" onClick={() => setApplyTo('SERIES')} />
            </>
          }
        />
      </Dialog>
      {task && (
        <TaskFormDialog
          workspaceId={workspaceId}
          isOpen={!asking}
          task={task}
          applyTo={repeats(task) ? (applyTo ?? 'THIS') : undefined}
          onClose={close}
        />
      )}
    </>
  );
}
