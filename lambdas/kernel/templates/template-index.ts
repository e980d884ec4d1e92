// The finding-template search index, held in memory by MiniSearch: built from the templates in DynamoDB
// on first use and refreshed when they change. A refresh asks the change marker (one Query of the
// templates changed since the previous refresh, minus a margin for writers' clocks that run behind) at
// most every SEARCH_REFRESH_MS, and at once after a template write of this same process. Retired
// templates leave it.
//
// Matching follows the rules, the way Algolia's defaults behave: every word must match; one typo
// allowed from 4 letters, two from 8, in the title, rules, tags and CWE (the long description and remediation
// match a word as typed, as Algolia's disableTypoToleranceOnAttributes does: typos there matched thousands of
// templates at 10,000 and cost most of the search's time); the last word also matches as a prefix (the analyst
// is typing it).
// Hits are ranked by relevance (MiniSearch's BM25 with field boosts; scores within 2% count as a tie),
// then by usage count.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { templatesChangedSince, type StoredTemplate } from '../data/entities/templates.js';
import { readConfig } from '../config.js';
import { indexedTemplate, type IndexedTemplate } from './template-hit.js';
import { templateChangesHere } from './templates.js';

export type { IndexedTemplate };

/** Fields searched, with their weight: a word in the title counts most. */
export const searchableFields = {
  title: 4,
  rules: 3,
  tags: 2,
  cwe: 2,
  description: 1,
  remediation: 1,
} as const satisfies Partial<Record<keyof IndexedTemplate, number>>;
export type SearchableField = keyof typeof searchableFields;

/** Letters and digits make words; everything else separates them (`zap:10098` is "zap" and "10098"). */
const wordPattern = /[\p{L}\p{N}]+/gu;

/** A word as the index keeps it: compatibility-normalised, without accents, lower case. */
export function normaliseWord(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  return text.match(wordPattern) ?? [];
}

/** Typos allowed in a query word: none below 4 letters, one from 4, two from 8. */
export function typosAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

const fieldText = (template: IndexedTemplate, field: SearchableField) => {
  const value = template[field];
  return Array.isArray(value) ? value.join('\n') : value;
};

function newMiniSearch(): MiniSearch<IndexedTemplate> {
  return new MiniSearch<IndexedTemplate>({
    idField: 'templateId',
    fields: Object.keys(searchableFields),
    extractField: (template, field) => fieldText(template, field as SearchableField),
    tokenize,
    processTerm: (term) => normaliseWord(term) || null,
    searchOptions: {
      combineWith: 'AND',
      boost: searchableFields,
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => typosAllowed(term),
      maxFuzzy: 2,
    },
  });
}

/** How far back before the previous refresh a refresh looks: writers' clocks may run this much behind. */
const clockMarginMs = 10_000;

export interface TemplateMatch {
  template: IndexedTemplate;
  score: number;
  /** The document words that matched, normalised (what highlighting marks). */
  matchedTerms: ReadonlySet<string>;
  /** The query words, normalised, each with the document words it matched. */
  queryWords: { word: string; prefix: boolean; terms: ReadonlySet<string> }[];
}

export class TemplateIndex {
  private miniSearch = newMiniSearch();
  private readonly templates = new Map<string, IndexedTemplate>();
  private built = false;
  private checkedAt = -Infinity;
  private changesSeenHere = -1;
  private refreshing: Promise<void> | undefined;
  /** How long the last full build took, and how many templates it read (for the bench). */
  buildStats: { templates: number; ms: number } | undefined;

  get size(): number {
    return this.templates.size;
  }

  /** Brings the index up to date if it may be stale; concurrent searches share one refresh. */
  async ensureFresh(now = Date.now()): Promise<void> {
    const due =
      !this.built ||
      templateChangesHere() !== this.changesSeenHere ||
      now - this.checkedAt >= readConfig().SEARCH_REFRESH_MS;
    if (!due) return;
    this.refreshing ??= this.refresh(now).finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
  }

  private async refresh(now: number): Promise<void> {
    const changesHere = templateChangesHere();
    const started = performance.now();
    const full = !this.built;
    let read = 0;
    for await (const template of templatesChangedSince(full ? 0 : this.checkedAt - clockMarginMs)) {
      read += 1;
      this.apply(template);
    }
    if (full) {
      this.built = true;
      this.buildStats = { templates: read, ms: performance.now() - started };
    }
    this.checkedAt = now;
    this.changesSeenHere = changesHere;
  }

  private apply(stored: StoredTemplate): void {
    const template = indexedTemplate(stored);
    const known = this.templates.get(template.templateId);
    if (stored.retired === true) {
      if (known) {
        this.miniSearch.discard(template.templateId);
        this.templates.delete(template.templateId);
      }
      return;
    }
    if (known && known.version === template.version) {
      // Only its usage changed (applying a template raises it, the version stays): nothing searched changed.
      if (known.usageCount !== template.usageCount) this.templates.set(template.templateId, template);
      return;
    }
    if (known) this.miniSearch.replace(template);
    else this.miniSearch.add(template);
    this.templates.set(template.templateId, template);
  }

  /**
   * The matches of the query, best first: how many there are, and those of one page with what highlighting
   * needs (worked out for that page only). An empty query lists every template by usage.
   */
  search(query: string, page = { offset: 0, length: 20 }): { total: number; matches: TemplateMatch[] } {
    const words = queryWords(query);
    if (words.length === 0) {
      const all = [...this.templates.values()].sort(
        (a, b) => b.usageCount - a.usageCount || a.title.localeCompare(b.title),
      );
      return {
        total: all.length,
        matches: all
          .slice(page.offset, page.offset + page.length)
          .map((template) => ({ template, score: 0, matchedTerms: new Set<string>(), queryWords: [] })),
      };
    }
    const results = this.miniSearch.search(wordQuery(words));
    const ranked: Ranked[] = results.map((result, position) => ({
      position,
      score: result.score,
      bucket: relevanceBucket(result.score),
      usage: this.usageOf(result.id as string),
    }));
    return {
      total: results.length,
      matches: topRanked(ranked, page.offset + page.length)
        .slice(page.offset)
        .map(({ position }) => this.match(results[position]!, words)),
    };
  }

  private usageOf(templateId: string): number {
    return this.templates.get(templateId)?.usageCount ?? 0;
  }

  private match(result: SearchResult, words: string[]): TemplateMatch {
    const template = this.templates.get(result.id as string)!;
    const queryWords = words.map((word, index) => {
      const prefix = index === words.length - 1;
      return { word, prefix, terms: new Set(result.terms.filter((term) => termMatchesWord(term, word, prefix))) };
    });
    return { template, score: result.score, matchedTerms: new Set(result.terms), queryWords };
  }
}

/** Fields where a word may match with typos: the short ones, which name what a template is about. */
const typoFields: SearchableField[] = ['title', 'rules', 'tags', 'cwe'];
/** The long texts: a word matches there as itself (or, the last one, as a prefix), not with typos. */
const exactFields = (Object.keys(searchableFields) as SearchableField[]).filter((field) => !typoFields.includes(field));

/** The word with two neighbouring letters swapped, each way it can be ("cookei": "ocokei", …, "cookie"). */
export function transpositions(word: string): string[] {
  const swapped = new Set<string>();
  for (let index = 0; index + 1 < word.length; index += 1) {
    if (word[index] === word[index + 1]) continue;
    swapped.add(word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2));
  }
  return [...swapped];
}

/**
 * MiniSearch's query: every word (AND), each with typos in the short fields, as typed in the long ones. Two swapped
 * letters are one typo, as Algolia counts them ("cookei" finds "cookie"): MiniSearch's fuzzy matching counts them
 * as two, so the word's transpositions are asked for too, with one typo less.
 */
function wordQuery(words: string[]): Query {
  return {
    combineWith: 'AND',
    queries: words.map((word, index) => {
      const prefix = index === words.length - 1;
      const typos = typosAllowed(word);
      const swapped = typos > 0 ? transpositions(word) : [];
      return {
        combineWith: 'OR',
        queries: [
          { queries: [word], fields: typoFields, prefix, fuzzy: typos },
          ...(swapped.length
            ? [{ queries: swapped, fields: typoFields, prefix, fuzzy: typos - 1, combineWith: 'OR' as const }]
            : []),
          { queries: [word], fields: exactFields, prefix, fuzzy: false },
        ],
      };
    }),
  };
}

/** The words of a query as the index keeps them (each one word again once normalised). */
function queryWords(query: string): string[] {
  return tokenize(query).flatMap((word) => tokenize(normaliseWord(word)));
}

interface Ranked {
  /** Where MiniSearch put it (by score). */
  position: number;
  score: number;
  bucket: number;
  usage: number;
}

/** Relevance first (scores within 2% tie), then usage, then the exact score, then MiniSearch's order. */
const byRank = (a: Ranked, b: Ranked) =>
  b.bucket - a.bucket || b.usage - a.usage || b.score - a.score || a.position - b.position;

/**
 * The first `count` in rank order. A page near the top (the usual one) is picked in one pass over the matches,
 * keeping the best `count` in order, instead of sorting thousands.
 */
function topRanked(ranked: Ranked[], count: number): Ranked[] {
  if (count <= 0) return [];
  if (count * 8 >= ranked.length) return ranked.sort(byRank).slice(0, count);
  const top: Ranked[] = [];
  for (const candidate of ranked) {
    if (top.length === count && byRank(candidate, top[count - 1]!) >= 0) continue;
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byRank(candidate, top[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    top.splice(low, 0, candidate);
    if (top.length > count) top.pop();
  }
  return top;
}

/** Scores within about 2% of each other share a bucket: between them, usage decides. */
function relevanceBucket(score: number): number {
  return score > 0 ? Math.round(Math.log(score) / Math.log(1.02)) : -Infinity;
}

/** Whether a document word is what the query word matched: itself, a word it begins, or within its typos. */
export function termMatchesWord(term: string, word: string, prefix: boolean): boolean {
  if (term === word || (prefix && term.startsWith(word))) return true;
  const typos = typosAllowed(word);
  if (typos === 0) return false;
  if (editDistance(term, word, typos) <= typos) return true;
  // A prefix with typos: the beginning of the term, as long as the word give or take the typos.
  if (prefix) {
    for (let length = word.length - typos; length <= word.length + typos; length += 1) {
      if (length > 0 && length < term.length && editDistance(term.slice(0, length), word, typos) <= typos) return true;
    }
  }
  return false;
}

/**
 * Edit distance counting two swapped neighbouring letters as one edit (optimal string alignment, as Algolia counts
 * typos), giving up (answering more than `limit`) once it must exceed it.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      }
      current[j] = distance;
      rowMin = Math.min(rowMin, distance);
    }
    // A swap reaches back two rows: only when both are past the limit can no path come back under it.
    if (rowMin > limit && previousMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
    previousMin = rowMin;
  }
  return previous[b.length]!;
}

/** The index of this process (a Lambda instance, or the local stack): built once, kept warm. */
export const templateIndex = new TemplateIndex();
