// Spec 9's notifications, in one place: a Cloudscape Flashbar in the layout's notifications slot, at
// the top of the content, so a message never floats over a form's actions (a toast in the corner
// covered Settings' Save button on small screens). Each closes itself after 4000 ms (the countdown
// waits while the pointer or the keyboard focus is on the messages) and has a dismiss button; at most
// 5 are shown at once, the rest wait in order. Errors are announced at once (role alert), the rest
// politely (role status).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { NotificationsContext, type NotificationInput, type NotificationsContextValue } from './notifications-context';
import { NotificationListContext, useNotificationList, type QueuedNotification } from './notification-list';

export const notificationLimits = {
  autoCloseMs: 4000,
  maxShown: 5,
} as const;

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

  const dismiss = useCallback((id: number) => {
    setQueue((current) => current.filter((notification) => notification.id !== id));
  }, []);

  const value = useMemo<NotificationsContextValue>(() => ({ notify }), [notify]);
  const list = useMemo(() => ({ shown: queue.slice(0, notificationLimits.maxShown), dismiss }), [queue, dismiss]);

  return (
    <NotificationsContext.Provider value={value}>
      <NotificationListContext.Provider value={list}>{children}</NotificationListContext.Provider>
    </NotificationsContext.Provider>
  );
}

/** The shown notifications as a Flashbar; the layout puts it in its notifications slot. */
export function NotificationsFlashbar() {
  const { shown, dismiss } = useNotificationList();
  const [pointerInside, setPointerInside] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const paused = pointerInside || focusInside;

  const items: FlashbarProps.MessageDefinition[] = shown.map((notification) => ({
    id: String(notification.id),
    type: notification.type,
    header: notification.title,
    content: notification.message,
    statusIconAriaLabel: statusIconLabels[notification.type],
    ariaRole: notification.type === 'error' ? 'alert' : 'status',
    dismissible: true,
    dismissLabel: 'Close notification',
    onDismiss: () => dismiss(notification.id),
  }));

  if (items.length === 0) return null;
  return (
    // The layout's notifications slot is the labelled region; this only watches pointer and focus.
    <div
      onMouseEnter={() => setPointerInside(true)}
      onMouseLeave={() => setPointerInside(false)}
      onFocus={() => setFocusInside(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      }}
    >
      <Flashbar items={items} />
      {shown.map((notification) => (
        <AutoDismiss key={notification.id} paused={paused} onExpired={() => dismiss(notification.id)} />
      ))}
    </div>
  );
}

/** One message's countdown: it runs while shown and not paused, and starts again in full after a pause. */
function AutoDismiss({ paused, onExpired }: { paused: boolean; onExpired: () => void }) {
  const expire = useRef(onExpired);
  useEffect(() => {
    expire.current = onExpired;
  });
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setTimeout(() => expire.current(), notificationLimits.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [paused]);
  return null;
}
