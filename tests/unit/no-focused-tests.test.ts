// Repository hygiene the house style asks of every test file: no focused or skipped tests are committed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('test files', () => {
  it('hold no .only, .skip, .todo or x-prefixed tests', () => {
    const pattern = new RegExp(
      String.raw`\b(?:it|test|describe)\s*\.\s*(?:only|skip|todo)\s*\(|\b(?:xit|xdescribe|xtest)\s*\(`,
    );
    const offenders = testFiles(path.resolve('tests')).filter((file) => pattern.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
