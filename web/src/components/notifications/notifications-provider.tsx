// Spec 9's notifications: bottom-right, 440 px wide, at most 200 px high each, at most 5 shown at
// once (the rest wait in order), each closing itself after 4000 ms with a 250 ms transition.
// Cloudscape's Flashbar sits at the top of the content, so this is a small stack of Cloudscape Alerts
// in live regions (errors assertive, the rest polite).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import { NotificationsContext, type NotificationInput, type NotificationsContextValue } from './notifications-context';

export const notificationLimits = {
  autoCloseMs: 4000,
  transitionMs: 250,
  widthPx: 440,
  maxHeightPx: 200,
  maxShown: 5,
} as const;

interface QueuedNotification extends NotificationInput {
  id: number;
}

const statusIconLabels: Record<NotificationInput['type'], string> = {
  success: 'Success',
  error: 'Error',
  info: 'Info',
  warning: 'Warning',
};

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedNotification[]>([]);
  const nextId = useRef(1);

  const notify = useCallback((notification: NotificationInput) => {
    const id = nextId.current++;
    setQueue((current) => [...current, { ...notification, id }]);
  }, []);

  const remove = useCallback((id: number) => {
    setQueue((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const value = useMemo<NotificationsContextValue>(() => ({ notify }), [notify]);
  const shown = queue.slice(0, notificationLimits.maxShown);

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      <section className="portal-toasts" aria-label="Notifications">
        {shown.map((notification) => (
          <Toast key={notification.id} notification={notification} onRemoved={() => remove(notification.id)} />
        ))}
      </section>
    </NotificationsContext.Provider>
  );
}

function Toast({ notification, onRemoved }: { notification: QueuedNotification; onRemoved: () => void }) {
  const [phase, setPhase] = useState<'entering' | 'shown' | 'leaving'>('entering');
  const [paused, setPaused] = useState(false);

  // Enter on the next frame, so the transition runs from the initial (hidden) style.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() =>
      setPhase((current) => (current === 'entering' ? 'shown' : current)),
    );
    return () => window.cancelAnimationFrame(frame);
  }, []);

  // The auto-close countdown starts once shown, and waits while the pointer rests on the toast.
  useEffect(() => {
    if (phase !== 'shown' || paused) return undefined;
    const timer = window.setTimeout(() => setPhase('leaving'), notificationLimits.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [phase, paused]);

  useEffect(() => {
    if (phase !== 'leaving') return undefined;
    const timer = window.setTimeout(onRemoved, notificationLimits.transitionMs);
    return () => window.clearTimeout(timer);
  }, [phase, onRemoved]);

  const isError = notification.type === 'error';
  return (
    <div
      className={`portal-toast portal-toast--${phase}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <Alert
        type={notification.type}
        header={notification.title}
        statusIconAriaLabel={statusIconLabels[notification.type]}
        dismissible
        dismissAriaLabel="Close notification"
        onDismiss={() => setPhase('leaving')}
      >
        {notification.message}
      </Alert>
    </div>
  );
}
