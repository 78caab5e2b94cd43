import { Spinner } from '@blueprintjs/core';
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { RemoteErrorPanel } from './RemoteErrorPanel';

interface Props {
  pluginName: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Whatever a plugin's page throws stays inside its own area; the sidebar and every other page keep working. */
export class PluginBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`The ${this.props.pluginName} area failed`, error.message, info.componentStack);
  }

  private readonly retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (this.state.error) return <RemoteErrorPanel pluginName={this.props.pluginName} onRetry={this.retry} />;
    // A plugin may load parts of itself lazily; they wait here, inside the boundary that also catches their failure.
    return <Suspense fallback={<Spinner size={20} aria-label={`Loading ${this.props.pluginName}`} />}>{this.props.children}</Suspense>;
  }
}
