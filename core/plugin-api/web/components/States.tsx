import { Button, Classes, NonIdealState, Spinner, SpinnerSize, type IconName, type NonIdealStateProps } from '@blueprintjs/core';
import type { CSSProperties, ReactNode } from 'react';

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export interface EmptyStateProps extends Pick<NonIdealStateProps, 'description' | 'action'> {
  icon?: IconName;
  title: ReactNode;
}

/** A list or page with nothing in it yet, optionally with the action that adds the first item. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return <NonIdealState icon={icon} title={title} description={description} action={action} />;
}

export interface ErrorStateProps {
  title?: ReactNode;
  message: ReactNode;
  onRetry?: () => void;
}

export function ErrorState({ title = 'Something went wrong', message, onRetry }: ErrorStateProps) {
  return (
    <NonIdealState
      icon="error"
      title={title}
      description={message}
      action={onRetry ? <Button icon="refresh" text="Retry" onClick={onRetry} /> : undefined}
    />
  );
}

export interface LoadingSkeletonProps {
  rows?: number;
  /** Height of each row, in pixels or any CSS length. */
  height?: number | string;
}

/** Placeholder rows while a table or list loads. */
export function LoadingSkeleton({ rows = 5, height = 20 }: LoadingSkeletonProps) {
  return (
    <div role="status" aria-busy="true" style={{ position: 'relative' }}>
      <span style={visuallyHidden}>Loading...</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={Classes.SKELETON} style={{ height, marginBottom: 8 }} />
      ))}
    </div>
  );
}

export interface LoadingStateProps {
  label?: ReactNode;
}

export function LoadingState({ label = 'Loading...' }: LoadingStateProps) {
  return (
    <div role="status" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 8, padding: 24 }}>
      <Spinner size={SpinnerSize.SMALL} />
      <span>{label}</span>
    </div>
  );
}
