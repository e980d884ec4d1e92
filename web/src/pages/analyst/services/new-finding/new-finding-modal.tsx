// New finding: an analyst's own finding on the service (a manual test's), from a template found with the
// library's search (its texts and severity filled in, then editable) or blank. Title, severity and asset are
// required; the asset is an asset key of the service (the assets its scans saw are suggested); a web finding
// lists its instances one a line. The server checks everything again; its refusals show next to their field.
import { useEffect, useState, type FormEvent } from 'react';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import Textarea from '@cloudscape-design/components/textarea';
import type { ServiceName } from '../../../../../../lambdas/kernel/access/rules';
import { manualAssetKinds, servicesWithInstances } from '../../../../../../lambdas/contracts/manual-findings';
import { callFunction, type CallInput } from '../../../../api/call-client';
import { noProblem, problemOf, withoutFieldError, type FormProblem } from '../../../../components/forms/call-problems';
import { FormErrorAlert } from '../../../../components/forms/form-alerts';
import { FormModal } from '../../../../components/forms/form-modal';
import { severityOf, severityOptions } from '../../../templates/template-fields';
import { useTemplateSearch } from '../../../templates/use-template-search';
import { severityLabels } from '../finding-values/finding-labels';
import { markdownHint } from '../../../../components/markdown/markdown-text';

const fields = ['title', 'severity', 'asset', 'description', 'remediation', 'templateId', 'instances'];

const assetExamples: Record<string, string> = {
  url: 'url:https://shop.example',
  host: 'host:10.0.0.5',
  subdomain: 'subdomain:www.shop.example',
  port: 'port:10.0.0.5:22/tcp',
  'cloud-resource': 'cloud-resource:aws/123456789012/eu-west-1/arn:aws:s3:::logs',
  account: 'account:corp\\alice',
};

type Instance = NonNullable<CallInput<'createFinding'>['instances']>[number];

/** Instances written one a line: `METHOD URL [parameter]`, or a URL alone. Unreadable lines are the server's to refuse. */
export function instancesOf(text: string): Instance[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [first = '', second, ...rest] = line.split(/\s+/);
      if (/^[A-Za-z]{1,16}$/.test(first) && second) {
        return { method: first.toUpperCase(), uri: second, ...(rest.length ? { param: rest.join(' ') } : {}) };
      }
      return { uri: line };
    });
}

interface Draft {
  templateId?: string;
  title: string;
  severity: string;
  asset: string;
  description: string;
  remediation: string;
  instances: string;
}

const emptyDraft: Draft = { title: '', severity: '', asset: '', description: '', remediation: '', instances: '' };

/** The asset keys the service's scans saw, for the asset field's suggestions (the first 100). */
function useKnownAssets(slug: string, service: ServiceName): string[] {
  const [keys, setKeys] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    callFunction('listAssets', { slug, service, limit: 100 }).then(
      (answer) => current && setKeys(answer.assets.map((asset) => asset.key)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [slug, service]);
  return keys;
}

export interface NewFindingModalProps {
  slug: string;
  service: ServiceName;
  companyName: string;
  onDismiss: () => void;
  onCreated: (findingId: string, title: string) => void;
}

export function NewFindingModal({ slug, service, companyName, onDismiss, onCreated }: NewFindingModalProps) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [problem, setProblem] = useState<FormProblem>(noProblem);
  const [submitting, setSubmitting] = useState(false);
  const [query, setQuery] = useState('');
  const search = useTemplateSearch(query, 0, 0);
  const knownAssets = useKnownAssets(slug, service);
  const withInstances = servicesWithInstances.includes(service);
  const kinds = manualAssetKinds[service];

  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setProblem((current) => withoutFieldError(current, key));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fieldErrors: Record<string, string> = {};
    if (draft.title.trim() === '') fieldErrors.title = 'Enter a title.';
    if (draft.severity === '') fieldErrors.severity = 'Choose a severity.';
    if (draft.asset.trim() === '') fieldErrors.asset = 'Enter the asset the finding is on.';
    if (Object.keys(fieldErrors).length > 0) {
      setProblem({ fieldErrors });
      return;
    }
    setSubmitting(true);
    try {
      const instances = withInstances ? instancesOf(draft.instances) : [];
      const created = await callFunction('createFinding', {
        slug,
        service,
        title: draft.title.trim(),
        severity: severityOf(draft.severity),
        asset: draft.asset.trim(),
        ...(draft.description.trim() ? { description: draft.description } : {}),
        ...(draft.remediation.trim() ? { remediation: draft.remediation } : {}),
        ...(draft.templateId ? { templateId: draft.templateId } : {}),
        ...(instances.length ? { instances } : {}),
      });
      onCreated(created.findingId, draft.title.trim());
    } catch (caught) {
      setProblem(problemOf(caught, fields, 'The finding could not be written. Please try again.'));
      setSubmitting(false);
    }
  };

  const hits = search.result?.hits ?? [];
  return (
    <FormModal
      header={`New finding for ${companyName}`}
      size="large"
      formId="new-finding-form"
      submitText="Create finding"
      submittingText="Creating"
      submitting={submitting}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <FormErrorAlert message={problem.message} />
      <FormField
        label="From a template (optional)"
        description="Search the library as on the Templates page; its texts fill the fields below. Leave it empty for a blank finding."
        errorText={problem.fieldErrors.templateId}
        controlId="new-finding-template"
      >
        <Autosuggest
          controlId="new-finding-template"
          clearAriaLabel="Clear the template"
          value={query}
          placeholder="Search templates by title, rule, tag or CWE"
          options={hits.map((hit) => ({
            value: hit.objectID,
            label: hit.title,
            tags: [severityLabels[hit.severity]],
            description: hit.rules.slice(0, 3).join(', ') || undefined,
          }))}
          filteringType="manual"
          statusType={search.searching ? 'loading' : search.problem ? 'error' : 'finished'}
          loadingText="Searching the templates"
          errorText={search.problem?.message}
          empty={query.trim() ? 'No template matches' : undefined}
          enteredTextLabel={(value) => `Templates matching "${value}"`}
          hideEnteredTextOption
          onChange={({ detail }) => {
            setQuery(detail.value);
            if (draft.templateId) set('templateId', undefined);
          }}
          onSelect={({ detail }) => {
            const hit = hits.find((candidate) => candidate.objectID === detail.value);
            if (!hit) return;
            setQuery(hit.title);
            setDraft((current) => ({
              ...current,
              templateId: hit.objectID,
              title: hit.title,
              severity: hit.severity,
              description: hit.description ?? '',
              remediation: hit.remediation ?? '',
            }));
            setProblem(noProblem);
          }}
        />
      </FormField>
      <ColumnLayout columns={2}>
        <FormField label="Title" errorText={problem.fieldErrors.title} controlId="new-finding-title">
          <Input
            controlId="new-finding-title"
            value={draft.title}
            onChange={({ detail }) => set('title', detail.value)}
            ariaRequired
          />
        </FormField>
        <FormField label="Severity" errorText={problem.fieldErrors.severity} controlId="new-finding-severity">
          <Select
            controlId="new-finding-severity"
            selectedOption={severityOptions.find((option) => option.value === draft.severity) ?? null}
            options={severityOptions}
            placeholder="Choose a severity"
            onChange={({ detail }) => set('severity', detail.selectedOption.value ?? '')}
            ariaRequired
          />
        </FormField>
      </ColumnLayout>
      <FormField
        label="Asset"
        description={`An asset of this service, as its scans name them: ${kinds.map((kind) => assetExamples[kind]).join(', ')}.`}
        errorText={problem.fieldErrors.asset}
        controlId="new-finding-asset"
      >
        <Autosuggest
          controlId="new-finding-asset"
          clearAriaLabel="Clear the asset"
          value={draft.asset}
          placeholder={assetExamples[kinds[0] ?? 'host']}
          options={knownAssets.map((key) => ({ value: key }))}
          enteredTextLabel={(value) => `Use "${value}"`}
          empty="No asset of the scans matches"
          onChange={({ detail }) => set('asset', detail.value)}
          ariaRequired
        />
      </FormField>
      <FormField
        label="Description (optional)"
        description={markdownHint}
        errorText={problem.fieldErrors.description}
        controlId="new-finding-description"
      >
        <Textarea
          controlId="new-finding-description"
          rows={5}
          value={draft.description}
          onChange={({ detail }) => set('description', detail.value)}
        />
      </FormField>
      <FormField
        label="Remediation (optional)"
        description={markdownHint}
        errorText={problem.fieldErrors.remediation}
        controlId="new-finding-remediation"
      >
        <Textarea
          controlId="new-finding-remediation"
          rows={3}
          value={draft.remediation}
          onChange={({ detail }) => set('remediation', detail.value)}
        />
      </FormField>
      {withInstances ? (
        <FormField
          label="Instances (optional)"
          description="Where it was seen, one a line: the method, the URL and the parameter, such as POST https://shop.example/basket price."
          errorText={problem.fieldErrors.instances}
          controlId="new-finding-instances"
        >
          <Textarea
            controlId="new-finding-instances"
            rows={3}
            value={draft.instances}
            onChange={({ detail }) => set('instances', detail.value)}
          />
        </FormField>
      ) : null}
    </FormModal>
  );
}
