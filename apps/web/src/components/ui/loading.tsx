import { uiText } from '../../lib/ui-text.ts';

export function Loading({ label = uiText.loading }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}
