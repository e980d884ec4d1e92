// Notifications (spec 9's toasts, shown as Cloudscape flash messages at the top of the content): any
// shell component asks for one with useNotifications().notify(); the layout shows them in one place.
import { createContext, useContext } from 'react';

export interface NotificationInput {
  /** success: green; error: red (spec 8). */
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  message?: string;
}

export interface NotificationsContextValue {
  notify: (notification: NotificationInput) => void;
}

export const NotificationsContext = createContext<NotificationsContextValue | undefined>(undefined);

export function useNotifications(): NotificationsContextValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside <NotificationsProvider>');
  return value;
}
