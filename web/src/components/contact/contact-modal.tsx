// The contact dialog of spec 2: a message (at least 4 rows, no validation: spec 5 allows an empty one)
// and a request type. 'Send message' hands both over and closes the dialog at once.
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { CallInput } from '../../api/call-client';

export type SupportMessage = CallInput<'handleSupportEmail'>;
export type SupportRequestType = SupportMessage['request_type'];

/** Spec 9: the request types, in this order. */
export const requestTypes: readonly { value: SupportRequestType; label: string }[] = [
  { value: 'feature', label: 'Feature' },
  { value: 'question', label: 'Question' },
  { value: 'bug', label: 'Bug' },
];

export interface ContactModalProps {
  visible: boolean;
  onDismiss: () => void;
  onSend: (message: SupportMessage) => void;
}

export function ContactModal({ visible, onDismiss, onSend }: ContactModalProps) {
  const [message, setMessage] = useState('');
  const [requestType, setRequestType] = useState<SupportRequestType>('question');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend({ message, request_type: requestType });
    setMessage('');
    setRequestType('question');
  };

  return (
    <Modal visible={visible} onDismiss={onDismiss} header="Contact us" closeAriaLabel="Close">
      <form noValidate onSubmit={submit}>
        <Form
          actions={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button formAction="none" variant="link" onClick={onDismiss}>
                  Cancel
                </Button>
                <Button variant="primary" formAction="submit">
                  Send message
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <SpaceBetween size="l">
            <FormField label="Message" stretch>
              <Textarea
                value={message}
                rows={4}
                placeholder="How can we help?"
                onChange={({ detail }) => setMessage(detail.value)}
              />
            </FormField>
            <FormField label="Request type">
              <RadioGroup
                value={requestType}
                items={requestTypes.map(({ value, label }) => ({ value, label }))}
                onChange={({ detail }) => setRequestType(detail.value as SupportRequestType)}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
