// The notifications waiting to be shown, from the provider to the layout's Flashbar.
import { createContext, useContext } from 'react';
import type { NotificationInput } from './notifications-context';

/** A notification in the queue, numbered in the order it was asked for. */
export interface QueuedNotification extends NotificationInput {
  id: number;
}

export interface NotificationList {
  /** The notifications shown now, oldest first. */
  shown: readonly QueuedNotification[];
  dismiss: (id: number) => void;
}

export const NotificationListContext = createContext<NotificationList | undefined>(undefined);

export function useNotificationList(): NotificationList {
  const value = useContext(NotificationListContext);
  if (!value) throw new Error('useNotificationList must be used inside <NotificationsProvider>');
  return value;
}
