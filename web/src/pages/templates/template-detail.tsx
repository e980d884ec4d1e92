// One template, opened below the library (?template=<id>): every field saves itself (spec section 2's
// auto-save, each conditional on that field's own version, so two editors of different fields never
// conflict), its version and use, retiring or restoring it, and the findings that use it.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Badge from '@cloudscape-design/components/badge';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CallError, callFunction } from '../../api/call-client';
import {
  AutoSaveInput,
  AutoSaveList,
  AutoSaveMultiselect,
  AutoSaveSelect,
  AutoSaveTextarea,
} from '../../components/auto-save/auto-save-fields';
import { messageOf } from '../../components/forms/call-problems';
import { OpenedRowDetail } from '../../components/layout/detail-below-table';
import { useNotifications } from '../../components/notifications/notifications-context';
import { TimeAgo } from '../../components/time/updated-label';
import {
  serviceOptions,
  severityOptions,
  templateFieldHints,
  templateFieldLabels,
  type Template,
  type TemplateField,
} from './template-fields';
import { TemplateFindings } from './template-findings';

export interface TemplateDetailProps {
  templateId: string;
  /** Move the focus here once shown (the template was opened from the library). */
  focusOnOpen: boolean;
  onClose: () => void;
  /** A field was saved or the template retired: the library's lists are out of date. */
  onChanged: () => void;
}

type Loaded = { templateId: string; template: Template } | { templateId: string; error: string };

export function TemplateDetail({ templateId, focusOnOpen, onClose, onChanged }: TemplateDetailProps) {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [readKey, setReadKey] = useState(0);

  useEffect(() => {
    let current = true;
    callFunction('getTemplate', { templateId }).then(
      (template) => current && setLoaded({ templateId, template }),
      (caught: unknown) =>
        current && setLoaded({ templateId, error: messageOf(caught, 'The template could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [templateId, readKey]);
  const shown = loaded?.templateId === templateId ? loaded : undefined;

  // A saved field: what the header and the version show follows it.
  const fieldSaved = useCallback(
    (field: TemplateField | 'retired', value: unknown, version: number) => {
      setLoaded((current) =>
        current && 'template' in current
          ? {
              ...current,
              template: {
                ...current.template,
                [field]: value,
                version: current.template.version + 1,
                fieldVersions: { ...current.template.fieldVersions, [field]: version },
                updatedAt: Date.now(),
              },
            }
          : current,
      );
      onChanged();
    },
    [onChanged],
  );

  const template = shown && 'template' in shown ? shown.template : undefined;
  return (
    <OpenedRowDetail
      label="Template"
      heading="Template"
      loadingText="Loading the template"
      focusOnOpen={focusOnOpen}
      onClose={onClose}
      shown={shown}
      error={shown && 'error' in shown ? shown.error : undefined}
      view={
        template
          ? (close) => (
              <TemplateView
                template={template}
                close={close}
                onFieldSaved={fieldSaved}
                onReread={() => setReadKey((key) => key + 1)}
              />
            )
          : undefined
      }
    />
  );
}

interface TemplateViewProps {
  template: Template;
  close: ReactNode;
  onFieldSaved: (field: TemplateField | 'retired', value: unknown, version: number) => void;
  /** Reads the template again (after a refused retire: someone changed it). */
  onReread: () => void;
}

function TemplateView({ template, close, onFieldSaved, onReread }: TemplateViewProps) {
  const { notify } = useNotifications();
  const [retiring, setRetiring] = useState(false);
  const { templateId } = template;

  const saveOf =
    <T,>(field: TemplateField) =>
    async (value: T, expectedVersion: number) => {
      const answer = await callFunction('updateTemplate', { templateId, field, value, expectedVersion });
      onFieldSaved(field, value, answer.version);
      return answer;
    };

  const common = <T,>(field: TemplateField, stored: T) => ({
    label: templateFieldLabels[field],
    stored,
    version: template.fieldVersions[field],
    save: saveOf<T>(field),
    ...(templateFieldHints[field] ? { constraintText: templateFieldHints[field] } : {}),
  });

  const retire = async () => {
    setRetiring(true);
    const retired = !template.retired;
    try {
      const answer = await callFunction('retireTemplate', {
        templateId,
        retired,
        expectedVersion: template.fieldVersions.retired,
      });
      onFieldSaved('retired', retired, answer.version);
      notify({
        type: 'success',
        title: retired ? 'Template retired' : 'Template restored',
        message: retired
          ? `${template.title} is no longer found by search.`
          : `${template.title} is found by search again.`,
      });
    } catch (caught) {
      if (caught instanceof CallError && caught.code === 'aborted') onReread();
      notify({
        type: 'error',
        title: retired ? 'Not retired' : 'Not restored',
        message: messageOf(caught, 'The template could not be changed. Please try again.'),
      });
    } finally {
      setRetiring(false);
    }
  };

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description="Each field saves itself a moment after you stop typing."
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => void retire()} loading={retiring}>
                  {template.retired ? 'Restore' : 'Retire'}
                </Button>
                {close}
              </SpaceBetween>
            }
          >
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span>{template.title}</span>
              {template.retired ? <Badge color="grey">Retired</Badge> : null}
            </SpaceBetween>
          </Header>
        }
      >
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Version', value: String(template.version) },
              { label: 'Used', value: `${template.usageCount} ${template.usageCount === 1 ? 'time' : 'times'}` },
              { label: 'Changed', value: <TimeAgo at={template.updatedAt} /> },
              { label: 'Changed by', value: template.updatedBy },
            ]}
          />
          <ColumnLayout columns={2}>
            <AutoSaveInput {...common('title', template.title)} />
            <AutoSaveSelect {...common<string>('severity', template.severity)} options={severityOptions} />
          </ColumnLayout>
          <AutoSaveTextarea {...common('description', template.description)} rows={6} markdown />
          <AutoSaveTextarea {...common('remediation', template.remediation)} rows={4} markdown />
          <AutoSaveList {...common('references', template.references)} separator="line" rows={3} />
          <ColumnLayout columns={2}>
            <AutoSaveList {...common('cwe', template.cwe)} separator="comma" placeholder="CWE-79" />
            <AutoSaveMultiselect
              {...common('services', template.services)}
              options={serviceOptions}
              placeholder="Choose services"
            />
          </ColumnLayout>
          <AutoSaveList {...common('tags', template.tags)} separator="comma" />
          <AutoSaveList {...common('rules', template.rules)} separator="line" rows={3} placeholder="zap:10098" />
        </SpaceBetween>
      </Container>
      <TemplateFindings templateId={templateId} templateVersion={template.version} templateTitle={template.title} />
    </SpaceBetween>
  );
}
