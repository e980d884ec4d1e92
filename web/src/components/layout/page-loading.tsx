// What a route shows while its code or data loads.
import Spinner from '@cloudscape-design/components/spinner';

export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="portal-page-loading" role="status" aria-live="polite">
      <Spinner size="large" />
      <span className="portal-visually-hidden">{label}</span>
    </div>
  );
}
