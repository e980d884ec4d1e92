// The modals of the administration pages: a form in a modal (Cancel + a submitting primary button),
// and a confirmation (Cancel + a primary button that runs the action, with the failure above the
// question). Every modal closes through the same Cancel and close button names.
import type { FormEvent, ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Modal, { type ModalProps } from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { FormErrorAlert } from './form-alerts';
import type { Confirmation } from './use-confirmation';

export interface ModalFooterProps {
  onCancel: () => void;
  /** The primary button's text. */
  primaryText: string;
  /** The primary button's text while it works. */
  workingText: string;
  working: boolean;
  disabled?: boolean;
  /** The form the primary button submits; without it the button runs `onPrimary`. */
  formId?: string;
  onPrimary?: () => void;
}

export function ModalFooter({
  onCancel,
  primaryText,
  workingText,
  working,
  disabled,
  formId,
  onPrimary,
}: ModalFooterProps) {
  return (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="primary"
          {...(formId ? { form: formId, formAction: 'submit' as const } : { onClick: onPrimary })}
          loading={working}
          loadingText={workingText}
          disabled={disabled}
        >
          {primaryText}
        </Button>
      </SpaceBetween>
    </Box>
  );
}

export interface FormModalProps {
  header: string;
  size?: ModalProps.Size;
  formId: string;
  /** @default 'Save' */
  submitText?: string;
  /** @default 'Saving' */
  submittingText?: string;
  submitting: boolean;
  submitDisabled?: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
  onDismiss: () => void;
  /** The form's alerts and fields, spaced as a form's. */
  children: ReactNode;
}

export function FormModal({
  header,
  size,
  formId,
  submitText = 'Save',
  submittingText = 'Saving',
  submitting,
  submitDisabled,
  onSubmit,
  onDismiss,
  children,
}: FormModalProps) {
  return (
    <Modal
      visible
      size={size}
      header={header}
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <ModalFooter
          onCancel={onDismiss}
          primaryText={submitText}
          workingText={submittingText}
          working={submitting}
          disabled={submitDisabled}
          formId={formId}
        />
      }
    >
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Form>
          <SpaceBetween size="l">{children}</SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

export interface ConfirmModalProps {
  header: string;
  confirmText: string;
  workingText: string;
  working: boolean;
  /** Why the last attempt failed. */
  message: string | undefined;
  onConfirm: () => Promise<void>;
  onDismiss: () => void;
  /** The question. */
  children: ReactNode;
}

export function ConfirmModal({
  header,
  confirmText,
  workingText,
  working,
  message,
  onConfirm,
  onDismiss,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      visible
      header={header}
      onDismiss={onDismiss}
      closeAriaLabel="Close"
      footer={
        <ModalFooter
          onCancel={onDismiss}
          primaryText={confirmText}
          workingText={workingText}
          working={working}
          onPrimary={() => void onConfirm()}
        />
      }
    >
      <SpaceBetween size="m">
        <FormErrorAlert message={message} />
        <Box variant="p">{children}</Box>
      </SpaceBetween>
    </Modal>
  );
}

export interface ConfirmItemModalProps<T> {
  /** The item asked about and the action's state (useConfirmation); no item: no modal. */
  confirmation: Confirmation<T>;
  header: (item: T) => string;
  confirmText: string;
  workingText: string;
  /** The question about the item. */
  children: (item: T) => ReactNode;
}

/** The ConfirmModal of a useConfirmation: shown while it asks about an item. */
export function ConfirmItemModal<T>({
  confirmation,
  header,
  confirmText,
  workingText,
  children,
}: ConfirmItemModalProps<T>) {
  const { item } = confirmation;
  if (item === undefined) return null;
  return (
    <ConfirmModal
      header={header(item)}
      confirmText={confirmText}
      workingText={workingText}
      working={confirmation.working}
      message={confirmation.problem}
      onConfirm={confirmation.confirm}
      onDismiss={confirmation.dismiss}
    >
      {children(item)}
    </ConfirmModal>
  );
}
