import { Button, NonIdealState } from '@blueprintjs/core';

export function RemoteErrorPanel({ pluginName, onRetry }: { pluginName: string; onRetry: () => void }) {
  return (
    <NonIdealState
      icon="error"
      title="This area could not be loaded"
      description={`The ${pluginName} area failed to load. Other pages keep working; try again in a moment.`}
      action={<Button intent="primary" icon="refresh" text="Retry" onClick={onRetry} />}
    />
  );
}
