// The footer's contact button and its dialog. Sending closes the dialog; the button shows loading
// until handleSupportEmail answers, and a toast says how it went (spec 8's three messages).
import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import { callFunction } from '../../api/call-client';
import { useNotifications } from '../notifications/notifications-context';
import { ContactModal, type SupportMessage } from './contact-modal';

export const supportToasts = {
  sent: { type: 'success', title: 'Message sent', message: 'We will get back to you soon.' },
  serverFailed: { type: 'error', title: 'Error', message: 'Server Failed to send message. Please try again.' },
  failed: { type: 'error', title: 'Error', message: 'Failed to send message. Please try again.' },
} as const;

export interface ContactButtonProps {
  /** The footer's button is a normal one; a page that offers contact as its main way on uses primary. */
  variant?: 'normal' | 'primary';
}

export function ContactButton({ variant = 'normal' }: ContactButtonProps) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const { notify } = useNotifications();

  const send = async (supportMessage: SupportMessage) => {
    setOpen(false);
    setSending(true);
    try {
      const reply = await callFunction('handleSupportEmail', supportMessage);
      notify(reply.success ? supportToasts.sent : supportToasts.serverFailed);
    } catch {
      notify(supportToasts.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        iconName="contact"
        loading={sending}
        loadingText="Sending message"
        onClick={() => setOpen(true)}
      >
        Contact us
      </Button>
      <ContactModal visible={open} onDismiss={() => setOpen(false)} onSend={(message) => void send(message)} />
    </>
  );
}
