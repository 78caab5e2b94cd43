import { ErrorState } from '@axal/web-sdk/ui';

export function RemoteErrorPanel({ pluginName, onRetry }: { pluginName: string; onRetry: () => void }) {
  return (
    <ErrorState
      title="This area could not be loaded"
      message={`The ${pluginName} area failed to load. Other pages keep working; try again in a moment.`}
      onRetry={onRetry}
    />
  );
}
