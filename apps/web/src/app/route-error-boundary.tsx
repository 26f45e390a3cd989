import { coreMessages as messages } from '@quiz-points/shared';
import { Component, type ReactNode } from 'react';
import { uiText } from '../lib/ui-text.ts';
import { reloadForMissingChunk } from './chunk-reload.ts';

/**
 * A route group's error boundary: a page that fails to render shows a Japanese message and a reload
 * button instead of a blank screen; a page whose code vanished after a deploy reloads the page once
 * first (chunk-reload.ts). The group keys it by the path, so another page starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    reloadForMissingChunk(error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page route-error">
        <p role="alert" className="form-error">
          {messages.genericErrorSentence}
        </p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {uiText.retry}
        </button>
      </div>
    );
  }
}
