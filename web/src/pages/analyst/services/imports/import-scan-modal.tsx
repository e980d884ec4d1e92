// The import form of a service page: the scan file (for password cracking the NTDS file and its potfile)
// and, if the analyst wants, its format (detected from the content otherwise). Submitting creates the
// import (createScanImport), whose refusals show beside the fields; the upload and the rest run from the
// progress panel.
import { useState, type FormEvent } from 'react';
import Box from '@cloudscape-design/components/box';
import FileUpload, { type FileUploadProps } from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { callFunction } from '../../../../api/call-client';
import { serviceLabels } from '../../../../components/admin/service-labels';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { fileUploadStrings } from '../../../../components/uploads/file-upload-strings';
import { formatLabel, importFormatsOf, maxImportFileBytes, type FormatId } from '../finding-values/finding-labels';
import { bytesText } from '../finding-values/finding-text';
import { fileParts, fileProblem } from './import-files';
import type { CreatedImport } from './import-runner';

const lastModified = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const scanFileStrings: FileUploadProps.I18nStrings = {
  ...fileUploadStrings,
  formatFileSize: bytesText,
  formatFileLastModified: (date) => `Changed ${lastModified.format(date)}`,
};

const detectOption: SelectProps.Option = { value: '', label: 'Detect from the file' };

export interface ImportScanModalProps {
  slug: string;
  service: ServiceName;
  companyName: string;
  onDismiss: () => void;
  /** The import exists: its files go up from here. */
  onCreated: (created: CreatedImport, files: File[]) => void;
}

export function ImportScanModal({ slug, service, companyName, onDismiss, onCreated }: ImportScanModalProps) {
  const parts = fileParts(service);
  const formats = importFormatsOf(service);
  const [files, setFiles] = useState<(File | undefined)[]>(parts.map(() => undefined));
  const [format, setFormat] = useState<FormatId | ''>('');
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [submitting, setSubmitting] = useState(false);
  const fields = [...parts.map((part) => part.field), 'tool'];

  const formatOptions: SelectProps.Option[] = [
    detectOption,
    ...formats.map((id) => ({ value: id, label: formatLabel(id) })),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: Record<string, string> = {};
    for (const [index, part] of parts.entries()) {
      const reason = fileProblem(files[index]);
      if (reason) fieldErrors[part.field] = reason;
    }
    const chosen = files.filter((file): file is File => file !== undefined);
    if (Object.keys(fieldErrors).length > 0 || chosen.length !== parts.length) {
      setProblem({ fieldErrors });
      return;
    }
    setSubmitting(true);
    setProblem(noProblem);
    try {
      const created = await callFunction('createScanImport', {
        slug,
        service,
        files: chosen.map((file) => ({ name: file.name, contentLength: file.size })),
        ...(format ? { tool: format } : {}),
      });
      onCreated(created, chosen);
    } catch (caught: unknown) {
      setProblem(problemOf(caught, fields, 'The import could not be created.'));
      setSubmitting(false);
    }
  };

  return (
    <FormModal
      header="Import a scan"
      formId="import-scan"
      submitText="Import"
      submittingText="Importing"
      submitting={submitting}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <Box variant="p">
        Into {serviceLabels[service]} for <strong>{companyName}</strong>. Findings already known are matched by their
        identity: new ones are added, those the file no longer holds are marked fixed.
      </Box>
      <FormErrorAlert message={problem.message} />
      {parts.map((part, index) => (
        <FormField key={part.field} label={part.label} description={part.description}>
          <FileUpload
            value={files[index] ? [files[index]] : []}
            onChange={({ detail }) => {
              setFiles((previous) => previous.map((file, at) => (at === index ? detail.value[0] : file)));
              setProblem((previous) => withoutFieldError(previous, part.field));
            }}
            showFileSize
            showFileLastModified
            i18nStrings={scanFileStrings}
            constraintText={`Up to ${bytesText(maxImportFileBytes)}.`}
            errorText={problem.fieldErrors[part.field]}
          />
        </FormField>
      ))}
      {formats.length > 1 ? (
        <FormField
          label="Format"
          description="Detected from the file's content unless you choose one."
          errorText={problem.fieldErrors.tool}
        >
          <Select
            selectedOption={formatOptions.find((option) => option.value === format) ?? detectOption}
            options={formatOptions}
            onChange={({ detail }) => {
              setFormat((detail.selectedOption.value ?? '') as FormatId | '');
              setProblem((previous) => withoutFieldError(previous, 'tool'));
            }}
          />
        </FormField>
      ) : null}
    </FormModal>
  );
}
