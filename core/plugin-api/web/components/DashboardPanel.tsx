import { Callout, Card, Classes } from '@blueprintjs/core';
import { type ReactNode, Suspense, useId } from 'react';
import { EmptyState, type EmptyStateProps } from './States';
import './dashboard-panel.css';

export interface DashboardPanelProps {
  title: string;
  /** Beside the title, at the card's end: a caption, an icon or a "View all" link. */
  aside?: ReactNode;
  /** Across the dashboard's whole grid (spec 1 section 2.7's "Notices Received"). */
  wide?: boolean;
  /** The card's own class, for a plugin's styles and tests. */
  className?: string;
  children: ReactNode;
}

/** A dashboard card: a region named by its title, with an optional caption, icon or link beside the title. */
export function DashboardPanel({ title, aside, wide, className, children }: DashboardPanelProps) {
  const titleId = useId();
  const classes = ['sdk-dashboard-panel', wide && 'sdk-dashboard-panel--wide', className].filter(Boolean).join(' ');
  return (
    <Card className={classes} role="region" aria-labelledby={titleId}>
      <div className="sdk-dashboard-panel__head">
        <h3 id={titleId} className="sdk-dashboard-panel__title">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </Card>
  );
}

/** A caption beside a card's title ("12 notices in the last 12 months"). */
export function DashboardPanelCaption({ children }: { children: ReactNode }) {
  return <span className={`sdk-dashboard-panel__caption ${Classes.TEXT_MUTED}`}>{children}</span>;
}

export interface ChartPanelProps extends Omit<DashboardPanelProps, 'children'> {
  /** Sizes the chart and the skeleton shown in its place while the figures or the chart's code load. */
  chartClassName: string;
  loading: boolean;
  /** What to say instead of the chart when its figures could not be loaded; null when they were. */
  failure: string | null;
  /** What to show instead of the chart when there is nothing to draw; null when there is. */
  empty: EmptyStateProps | null;
  /** The chart, loaded lazily (charts are large): a skeleton stands in until its code has come. */
  chart: ReactNode;
  /** What the chart says in words (a table for screen readers, a legend), shown at once beside it. */
  children: ReactNode;
}

/** A dashboard card drawing a chart, with its loading, failed and empty states. */
export function ChartPanel({ chartClassName, loading, failure, empty, chart, children, ...panel }: ChartPanelProps) {
  const skeleton = <div className={`${Classes.SKELETON} ${chartClassName}`} aria-busy="true" aria-label="Loading" />;
  return (
    <DashboardPanel {...panel}>
      {loading ? (
        skeleton
      ) : failure !== null ? (
        <Callout intent="danger" role="alert">
          {failure}
        </Callout>
      ) : empty ? (
        <EmptyState {...empty} />
      ) : (
        <>
          <Suspense fallback={skeleton}>{chart}</Suspense>
          {children}
        </>
      )}
    </DashboardPanel>
  );
}
