// Tags as tokens: the tags shown as a token group (each removable), and a box to add one, suggesting the
// tags in use, most used first. Enter or choosing a suggestion adds the tag (trimmed, once); the rules are
// the server's: 1 to 64 characters, no control characters, at most 20 tags.
import { useState } from 'react';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useTagSuggestions } from './use-tag-suggestions';

export const maxTagLength = 64;
export const maxTags = 20;

/** Why a typed tag cannot be added, or undefined when it can. */
export function tagProblem(tag: string, tags: readonly string[]): string | undefined {
  if (tag === '') return 'Type a tag.';
  if (tag.length > maxTagLength) return `A tag is at most ${maxTagLength} characters.`;
  if (/\p{Cc}/u.test(tag)) return 'A tag holds no control characters.';
  if (tags.length >= maxTags && !tags.includes(tag)) return `A finding holds at most ${maxTags} tags.`;
  return undefined;
}

export interface TagSuggestInputProps {
  /** The tags already there (not suggested again). */
  exclude?: readonly string[];
  /** A tag was chosen or typed and entered; answers why not, when it cannot be taken. */
  onEnter: (tag: string) => string | undefined;
  ariaLabel: string;
  placeholder?: string;
  disabled?: boolean;
  /** Shows the typed text's problem. */
  onProblem?: (problem: string | undefined) => void;
  /** Keep what was typed after it was entered (a single-tag form), rather than clearing the box. */
  keepText?: boolean;
  /** The text typed, for a form that reads it on submit. */
  onTextChange?: (text: string) => void;
}

/** The box that suggests tags in use and enters one. */
export function TagSuggestInput({
  exclude = [],
  onEnter,
  ariaLabel,
  placeholder = 'Add a tag',
  disabled,
  onProblem,
  keepText,
  onTextChange,
}: TagSuggestInputProps) {
  const [text, setText] = useState('');
  const suggestions = useTagSuggestions(exclude);
  const change = (next: string) => {
    setText(next);
    onTextChange?.(next);
    onProblem?.(undefined);
  };
  const enter = (raw: string) => {
    const problem = onEnter(raw.trim());
    onProblem?.(problem);
    if (!problem && !keepText) change('');
    else if (!problem) setText(raw.trim());
  };
  return (
    <Autosuggest
      value={text}
      ariaLabel={ariaLabel}
      clearAriaLabel="Clear the tag"
      placeholder={placeholder}
      disabled={disabled}
      options={suggestions.options}
      statusType={suggestions.statusType}
      loadingText="Looking for tags in use"
      errorText="The tags in use could not be read."
      filteringType="manual"
      enteredTextLabel={(value) => `Use "${value}"`}
      empty="No tag in use starts so"
      onLoadItems={({ detail }) => suggestions.load(detail.filteringText)}
      onChange={({ detail }) => change(detail.value)}
      // Enter takes the highlighted suggestion, or the typed text when none is highlighted.
      onSelect={({ detail }) => enter(detail.value)}
    />
  );
}

export interface FindingTagsInputProps {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  onProblem?: (problem: string | undefined) => void;
}

/** The finding's tags, removable, with the box that adds one. */
export function FindingTagsInput({ tags, onChange, disabled, onProblem }: FindingTagsInputProps) {
  return (
    <SpaceBetween size="xs">
      <TagSuggestInput
        exclude={tags}
        ariaLabel="Add a tag"
        disabled={disabled}
        onProblem={onProblem}
        onEnter={(tag) => {
          const problem = tagProblem(tag, tags);
          if (!problem && !tags.includes(tag)) onChange([...tags, tag]);
          return problem;
        }}
      />
      {tags.length > 0 ? (
        <TokenGroup
          items={tags.map((tag) => ({ label: tag, dismissLabel: `Remove tag ${tag}`, disabled }))}
          onDismiss={({ detail }) => onChange(tags.filter((_tag, index) => index !== detail.itemIndex))}
        />
      ) : null}
    </SpaceBetween>
  );
}
