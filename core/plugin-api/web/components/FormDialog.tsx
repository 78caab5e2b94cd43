import { Dialog } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';

export interface FormDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  className?: string;
  /** After the closing transition, when Blueprint has handed focus back to the control that opened the dialog. */
  onClosed?: () => void;
  /**
   * Draws the form. Called only while the dialog is open, so the form mounts afresh, from its initial values, each
   * time the dialog opens. The form calls `onBusyChange(true)` while it saves and `onBusyChange(false)` after.
   */
  children: (onBusyChange: (busy: boolean) => void) => ReactNode;
}

/** A dialog around a form that cannot be closed (Escape, outside click or close button) while the form is saving. */
export function FormDialog({ isOpen, onClose, onClosed, title, className, children }: FormDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={onClosed}
      title={title}
      className={className}
      canEscapeKeyClose={!busy}
      canOutsideClickClose={!busy}
      isCloseButtonShown={!busy}
    >
      {isOpen && children(setBusy)}
    </Dialog>
  );
}
