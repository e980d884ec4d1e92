// Auto-saving form fields (spec section 2): a Cloudscape FormField whose control saves itself after the
// pause, with the status icon beside the label, the conflict panel below the control and a failed save's
// message as the field's error. Each takes the stored value, its version and the save of that one field.
import { useId, useState, type ReactNode } from 'react';
import FormField from '@cloudscape-design/components/form-field';
import Input, { type InputProps } from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import Toggle from '@cloudscape-design/components/toggle';
import type { Equals } from './auto-save-machine';
import type { SaveField } from './auto-save-driver';
import { AutoSaveConflictPanel, AutoSaveStatusIcon, autoSaveErrorText } from './auto-save-status';
import { useAutoSave, type AutoSave } from './use-auto-save';
import { markdownHint, MarkdownPreview } from '../markdown/markdown-text';
import styles from './auto-save.module.css';

export interface AutoSaveFieldProps<T> {
  label: string;
  description?: ReactNode;
  /** Help beside the label (an Info link); the status icon follows it. */
  info?: ReactNode;
  constraintText?: ReactNode;
  stored: T;
  version: number;
  save: SaveField<T>;
  /** The pause after the last edit (default 250 ms). */
  delayMs?: number;
  disabled?: boolean;
  /** How values read in the conflict panel. */
  formatValue?: (value: T) => string;
}

export interface AutoSaveOption {
  value: string;
  label?: string;
}

interface FrameProps<T> extends Omit<AutoSaveFieldProps<T>, 'stored' | 'version' | 'save' | 'delayMs'> {
  autoSave: AutoSave<T>;
  controlId?: string;
  /** A problem found before saving (the save's own problem shows otherwise). */
  problem?: string;
  children: ReactNode;
}

/**
 * The FormField every auto-save field shares, and the fields a page draws itself around its own controls (the
 * curation's wording, tags and CVSS vectors) use.
 */
export function AutoSaveFrame<T>({
  autoSave,
  label,
  description,
  info,
  constraintText,
  formatValue,
  controlId,
  problem,
  children,
}: FrameProps<T>) {
  // A group named after the field holds its control, status and conflict panel together.
  return (
    <div role="group" aria-label={label}>
      <FormField
        controlId={controlId}
        label={label}
        description={description}
        constraintText={constraintText}
        errorText={problem ?? autoSaveErrorText(autoSave as AutoSave<unknown>)}
        info={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {info}
            <span className={styles.status} data-auto-save-status={autoSave.status}>
              <AutoSaveStatusIcon status={autoSave.status} />
            </span>
          </SpaceBetween>
        }
        stretch
      >
        <SpaceBetween size="xs">
          {children}
          <AutoSaveConflictPanel autoSave={autoSave} fieldLabel={label} formatValue={formatValue} />
        </SpaceBetween>
      </FormField>
    </div>
  );
}

function useControlId(label: string): string {
  return `auto-save-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** A single line of text. */
export function AutoSaveInput({
  type,
  placeholder,
  ...props
}: AutoSaveFieldProps<string> & { type?: InputProps.Type; placeholder?: string }) {
  const autoSave = useAutoSave(props);
  const controlId = useControlId(props.label);
  return (
    <AutoSaveFrame {...props} autoSave={autoSave} controlId={controlId}>
      <Input
        controlId={controlId}
        type={type}
        placeholder={placeholder}
        value={autoSave.value}
        disabled={props.disabled}
        onChange={({ detail }) => autoSave.setValue(detail.value)}
      />
    </AutoSaveFrame>
  );
}

/** Several lines of text; with `markdown`, the text is Markdown: the field says so and previews it. */
export function AutoSaveTextarea({
  rows,
  placeholder,
  markdown = false,
  ...props
}: AutoSaveFieldProps<string> & { rows?: number; placeholder?: string; markdown?: boolean }) {
  const autoSave = useAutoSave(props);
  const controlId = useControlId(props.label);
  const description = markdown ? (
    <>
      {props.description ? <>{props.description} </> : null}
      {markdownHint}
    </>
  ) : (
    props.description
  );
  return (
    <AutoSaveFrame {...props} description={description} autoSave={autoSave} controlId={controlId}>
      <Textarea
        controlId={controlId}
        rows={rows}
        placeholder={placeholder}
        value={autoSave.value}
        disabled={props.disabled}
        onChange={({ detail }) => autoSave.setValue(detail.value)}
      />
      {markdown ? <MarkdownPreview text={autoSave.value} /> : null}
    </AutoSaveFrame>
  );
}

const optionLabel = (options: readonly AutoSaveOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** One of a few values. */
export function AutoSaveSelect({ options, ...props }: AutoSaveFieldProps<string> & { options: AutoSaveOption[] }) {
  const autoSave = useAutoSave(props);
  const controlId = useControlId(props.label);
  const selected = options.find((option) => option.value === autoSave.value) ?? {
    value: autoSave.value,
    label: autoSave.value,
  };
  return (
    <AutoSaveFrame
      {...props}
      formatValue={props.formatValue ?? ((value) => optionLabel(options, value))}
      autoSave={autoSave}
      controlId={controlId}
    >
      <Select
        controlId={controlId}
        selectedOption={selected}
        options={options}
        disabled={props.disabled}
        onChange={({ detail }) => autoSave.setValue(detail.selectedOption.value ?? '')}
      />
    </AutoSaveFrame>
  );
}

const sameMembers: Equals<string[]> = (a, b) => a.length === b.length && a.every((item, index) => item === b[index]);

/** Any of a few values, kept in the options' order. */
export function AutoSaveMultiselect({
  options,
  placeholder,
  ...props
}: AutoSaveFieldProps<string[]> & { options: AutoSaveOption[]; placeholder?: string }) {
  const autoSave = useAutoSave({ ...props, equals: sameMembers });
  const controlId = useControlId(props.label);
  const order = (values: string[]) => options.map((option) => option.value).filter((value) => values.includes(value));
  return (
    <AutoSaveFrame
      {...props}
      formatValue={
        props.formatValue ??
        ((values) => (values.length === 0 ? '(none)' : values.map((value) => optionLabel(options, value)).join(', ')))
      }
      autoSave={autoSave}
      controlId={controlId}
    >
      <Multiselect
        controlId={controlId}
        selectedOptions={options.filter((option) => autoSave.value.includes(option.value))}
        options={options}
        placeholder={placeholder}
        disabled={props.disabled}
        onChange={({ detail }) =>
          autoSave.setValue(order(detail.selectedOptions.map((option) => option.value ?? '').filter(Boolean)))
        }
      />
    </AutoSaveFrame>
  );
}

/**
 * A list of text items typed as text, one a line (or separated by `separator` in a single line). The
 * text is the control's own while typing, so a trailing newline or comma stays; the list is what saves.
 */
export function AutoSaveList({
  separator = 'line',
  rows,
  placeholder,
  ...props
}: AutoSaveFieldProps<string[]> & { separator?: 'line' | 'comma'; rows?: number; placeholder?: string }) {
  const autoSave = useAutoSave({ ...props, equals: sameMembers });
  const controlId = useControlId(props.label);
  const split = (text: string) =>
    text
      .split(separator === 'line' ? /\r?\n/ : /,/)
      .map((item) => item.trim())
      .filter((item) => item !== '');
  const join = (items: string[]) => items.join(separator === 'line' ? '\n' : ', ');
  const [text, setText] = useState(() => join(autoSave.value));
  // A value from elsewhere (a newer read, taking theirs) replaces the text; the editor's own typing does not.
  const [shownValue, setShownValue] = useState(autoSave.value);
  if (shownValue !== autoSave.value) {
    setShownValue(autoSave.value);
    if (!sameMembers(split(text), autoSave.value)) setText(join(autoSave.value));
  }
  const onText = (next: string) => {
    setText(next);
    autoSave.setValue(split(next));
  };
  return (
    <AutoSaveFrame {...props} autoSave={autoSave} controlId={controlId}>
      {separator === 'line' ? (
        <Textarea
          controlId={controlId}
          rows={rows}
          placeholder={placeholder}
          value={text}
          disabled={props.disabled}
          onChange={({ detail }) => onText(detail.value)}
        />
      ) : (
        <Input
          controlId={controlId}
          placeholder={placeholder}
          value={text}
          disabled={props.disabled}
          onChange={({ detail }) => onText(detail.value)}
        />
      )}
    </AutoSaveFrame>
  );
}

/** On or off. */
export function AutoSaveToggle({ text, ...props }: AutoSaveFieldProps<boolean> & { text?: ReactNode }) {
  const autoSave = useAutoSave(props);
  const controlId = useControlId(props.label);
  return (
    <AutoSaveFrame {...props} autoSave={autoSave} controlId={controlId}>
      <Toggle
        controlId={controlId}
        checked={autoSave.value}
        disabled={props.disabled}
        onChange={({ detail }) => autoSave.setValue(detail.checked)}
      >
        {text}
      </Toggle>
    </AutoSaveFrame>
  );
}
