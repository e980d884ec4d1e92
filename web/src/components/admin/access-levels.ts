// The access level choices (0 to 9): never above the editor's own level, since nobody may give a level
// above their own. Each says what the level opens (spec 6's thresholds).
import type { SelectProps } from '@cloudscape-design/components/select';
import { levelLabel } from '../../../../lambdas/kernel/search/labels';

/** What each level opens (spec 6), in the words the level choices and the help panel use. */
export const whatItOpens: Record<number, string> = {
  0: 'No reports',
  1: 'Reports of the services enabled for them',
  2: 'Reports of every service the company has',
  3: 'Manages company users and notifications',
  4: 'Manages company users and notifications',
  5: 'Analyst section and vault links',
  6: 'Analyst section and vault links',
  7: 'Templates, agents, locations and every company',
  8: 'Templates, agents, locations and every company',
  9: 'Platform administrator',
};

// 'Level 3': the label lives with the search rules (the lists' filter matches what the cells say).
export { levelLabel };

export function levelOption(level: number): SelectProps.Option {
  return { value: String(level), label: levelLabel(level), description: whatItOpens[level] };
}

/** Levels 0 to `maxLevel` (the editor's own level, at most 9). */
export function levelOptions(maxLevel: number): SelectProps.Option[] {
  const top = Math.max(0, Math.min(9, maxLevel));
  return Array.from({ length: top + 1 }, (_, level) => levelOption(level));
}
