// Display names are plain names: what people call themselves in any script passes; anything a mail reader or
// a page would show as a link, markup, or text that reorders itself is refused, by the kernel rule and by the
// shared schema every call's input uses (with the rule's own words).
import { describe, expect, it } from 'vitest';
import { displayName } from '../../lambdas/calls/shared/schemas.js';
import { displayNameProblem, plainNameOr } from '../../lambdas/kernel/users/display-name.js';

const plainNames = ['Ada Lovelace', 'José Álvarez-Núñez', "O'Brien", 'J. R. R. Tolkien', '李小龍'];
const refused = {
  'http://evil.example': 'must be a plain name, without web or e-mail addresses',
  'Click www.evil.com': 'must be a plain name, without web or e-mail addresses',
  'evil.com': 'must be a plain name, without web or e-mail addresses',
  'a@b.c': 'must be a plain name, without web or e-mail addresses',
  'Bob\u202Eevil': 'must not contain control or text-direction characters',
  'x\u0000y': 'must not contain control or text-direction characters',
  '<b>x</b>': 'must not contain < or >',
};

describe('displayNameProblem', () => {
  it.each(plainNames)('accepts %j', (name) => {
    expect(displayNameProblem(name)).toBeUndefined();
    expect(plainNameOr(name, 'someone@example.com')).toBe(name);
  });

  it.each(Object.entries(refused))('refuses %j: %s', (name, problem) => {
    expect(displayNameProblem(name)).toBe(problem);
    expect(plainNameOr(name, 'someone@example.com')).toBe('someone@example.com');
  });

  // The patterns backtrack on long text: the length is what refuses a body-sized name, before any pattern runs.
  it('refuses a body-sized name by its length', () => {
    for (const unit of ['a', 'a1.', 'ab-', 'x:/']) {
      expect(displayNameProblem(unit.repeat(100_000))).toBe('must be at most 100 characters');
    }
  });
});

describe('the displayName schema', () => {
  it.each(plainNames)('accepts %j, trimmed', (name) => {
    expect(displayName.safeParse(`  ${name} `)).toEqual({ success: true, data: name });
  });

  it('accepts an empty name (it clears the field)', () => {
    expect(displayName.safeParse('')).toEqual({ success: true, data: '' });
  });

  it.each(Object.entries(refused))('refuses %j with the rule’s words', (name, problem) => {
    const parsed = displayName.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([problem]);
  });

  it('refuses a name over 100 characters', () => {
    expect(displayName.safeParse('a'.repeat(101)).error?.issues.map((issue) => issue.message)).toEqual([
      'must be at most 100 characters',
    ]);
  });
});
