// Choosing a finding template by its title: the library (listTemplates, most recently changed first, up to
// 500 templates read when the chooser opens; retired ones left out) filtered here as the analyst types.
// The library's own search box (typo-tolerant, ranked) is the templates page's; this is enough to pick one.
import { useEffect, useState } from 'react';
import Autosuggest, { type AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import { messageOf } from '../../../../components/forms/call-problems';
import { severityLabels } from '../finding-values/finding-labels';

export type TemplateDocument = CallOutput<'listTemplates'>['templates'][number];
export type ChosenTemplate = Pick<TemplateDocument, 'templateId' | 'title' | 'version'>;

const pageSize = 100;
const maxPages = 5;

type Library = { templates: TemplateDocument[]; complete: boolean; error?: string };

/** Reads the library's first pages once. */
function useTemplateLibrary(): Library | undefined {
  const [library, setLibrary] = useState<Library | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const read = async () => {
      const templates: TemplateDocument[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < maxPages; page += 1) {
        const answer = await callFunction('listTemplates', { limit: pageSize, ...(cursor ? { cursor } : {}) });
        templates.push(...answer.templates.filter((template) => !template.retired));
        cursor = answer.nextCursor;
        if (!cursor) break;
      }
      return { templates, complete: cursor === undefined };
    };
    read().then(
      (read) => current && setLibrary(read),
      (caught: unknown) =>
        current &&
        setLibrary({ templates: [], complete: true, error: messageOf(caught, 'The templates could not be read.') }),
    );
    return () => {
      current = false;
    };
  }, []);
  return library;
}

function templateOption(template: TemplateDocument): AutosuggestProps.Option {
  return {
    value: template.templateId,
    label: template.title,
    description: template.rules.slice(0, 3).join(', ') || undefined,
    tags: [severityLabels[template.severity], `version ${template.version}`],
    filteringTags: [template.templateId, ...template.rules, ...template.tags],
  };
}

export interface TemplateChooserProps {
  chosen: ChosenTemplate | undefined;
  onChoose: (template: ChosenTemplate | undefined) => void;
  ariaLabel?: string;
  invalid?: boolean;
}

export function TemplateChooser({ chosen, onChoose, ariaLabel = 'Template', invalid }: TemplateChooserProps) {
  const library = useTemplateLibrary();
  const [text, setText] = useState(chosen?.title ?? '');
  let statusType: AutosuggestProps['statusType'] = 'finished';
  if (!library) statusType = 'loading';
  else if (library.error) statusType = 'error';
  return (
    <Autosuggest
      value={text}
      ariaLabel={ariaLabel}
      clearAriaLabel="Clear the template"
      placeholder="Type part of a template's title or rule"
      invalid={invalid}
      options={(library?.templates ?? []).map(templateOption)}
      statusType={statusType}
      loadingText="Reading the templates"
      errorText={library?.error}
      finishedText={library && !library.complete ? 'The 500 most recently changed templates are listed.' : undefined}
      empty="No template matches"
      enteredTextLabel={(value) => `Templates matching "${value}"`}
      hideEnteredTextOption
      filteringType="auto"
      onChange={({ detail }) => {
        setText(detail.value);
        if (chosen && detail.value !== chosen.title) onChoose(undefined);
      }}
      onSelect={({ detail }) => {
        const template = library?.templates.find((candidate) => candidate.templateId === detail.value);
        if (!template) return;
        setText(template.title);
        onChoose({ templateId: template.templateId, title: template.title, version: template.version });
      }}
    />
  );
}
