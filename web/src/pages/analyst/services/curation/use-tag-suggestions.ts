// Suggestions for a tag being typed: the tags in use that start with it, most used first (listFindingTags
// ranks by tagCount; a tag no finding holds any more is never suggested). Asked 250 ms after typing stops
// (spec 9's pause for tag fields), only while the suggestions are open.
import { useEffect, useState } from 'react';
import type { AutosuggestProps } from '@cloudscape-design/components/autosuggest';
import { callFunction, type CallOutput } from '../../../../api/call-client';
import { plural } from '../finding-values/finding-text';

export type TagSuggestion = CallOutput<'listFindingTags'>['tags'][number];

export const tagSuggestionDelayMs = 250;
export const tagSuggestionLimit = 10;

export interface TagSuggestionsState {
  options: AutosuggestProps.Option[];
  statusType: AutosuggestProps['statusType'];
  /** Asks for the tags that start with `text` (after the pause). */
  load: (text: string) => void;
}

export function tagOption(suggestion: TagSuggestion): AutosuggestProps.Option {
  return {
    value: suggestion.tag,
    label: suggestion.tag,
    description: `On ${plural(suggestion.tagCount, 'finding')}`,
  };
}

/** `exclude`: the tags already on the finding (not suggested again). */
export function useTagSuggestions(exclude: readonly string[] = []): TagSuggestionsState {
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const [answer, setAnswer] = useState<{ prefix: string; tags?: TagSuggestion[]; failed?: boolean }>();

  useEffect(() => {
    if (asked === undefined) return undefined;
    let current = true;
    const timer = window.setTimeout(() => {
      const prefix = asked.trim();
      callFunction('listFindingTags', { ...(prefix ? { prefix } : {}), limit: tagSuggestionLimit }).then(
        ({ tags }) => current && setAnswer({ prefix: asked, tags }),
        () => current && setAnswer({ prefix: asked, failed: true }),
      );
    }, tagSuggestionDelayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [asked]);

  const fresh = answer !== undefined && answer.prefix === asked;
  const options = (fresh ? (answer.tags ?? []) : [])
    .filter((suggestion) => !exclude.includes(suggestion.tag))
    .map(tagOption);
  let statusType: AutosuggestProps['statusType'] = 'finished';
  if (asked !== undefined && !fresh) statusType = 'loading';
  else if (fresh && answer.failed) statusType = 'error';
  return { options, statusType, load: setAsked };
}
