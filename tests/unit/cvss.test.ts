// CVSS base vectors of findings (lambdas/contracts/cvss.ts): the strict reading (prefix, every base metric
// once with an allowed value, nothing else), the base scores of known vectors, and the same scores as
// ae-cvss-calculator for every CVSS 3.1 base vector and a sample of the 4.0 ones (all 104,976 agreed when
// the module was written; the sample keeps this file fast).
import * as calculatorModule from 'ae-cvss-calculator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cvssBaseMetrics,
  cvssRating,
  readCvssVector,
  scoreCvssVector,
  type CvssVersion,
} from '../../lambdas/contracts/cvss.js';

// The library is a UMD bundle: Node's ESM loader gives its exports as the default export only.
type Calculator = typeof calculatorModule;
const calculator: Calculator =
  (calculatorModule as unknown as { default?: Calculator }).default?.Cvss3P1 !== undefined
    ? (calculatorModule as unknown as { default: Calculator }).default
    : calculatorModule;

const libraryScore = (version: CvssVersion, vector: string) =>
  version === '3.1'
    ? new calculator.Cvss3P1(vector).calculateScores().base
    : new calculator.Cvss4P0(vector).calculateScores().base;

/** Every base vector of a version, metrics in the specification's order. */
function* everyVector(version: CvssVersion): Generator<string> {
  const metrics = Object.entries(cvssBaseMetrics[version]) as Array<[string, readonly string[]]>;
  function* walk(index: number, parts: string[]): Generator<string> {
    if (index === metrics.length) {
      yield `CVSS:${version}/${parts.join('/')}`;
      return;
    }
    const [name, values] = metrics[index]!;
    for (const value of values) yield* walk(index + 1, [...parts, `${name}:${value}`]);
  }
  yield* walk(0, []);
}

const score = (version: CvssVersion, vector: string) => {
  const scored = scoreCvssVector(version, vector);
  if ('problem' in scored) throw new Error(scored.problem);
  return scored.score;
};

describe('CVSS base scores', () => {
  it('scores known 3.1 vectors as the specification does', () => {
    expect(score('3.1', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H')).toBe(9.8);
    expect(score('3.1', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H')).toBe(10);
    // OpenVAS's "SSL/TLS: Report Vulnerable Cipher Suites for HTTPS" (7.5 in its feed).
    expect(score('3.1', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N')).toBe(7.5);
    // Scope changed with low privileges: 6.4 (Roundup of 6.3504).
    expect(score('3.1', 'CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N')).toBe(6.4);
    expect(score('3.1', 'CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:N/I:N/A:N')).toBe(0);
  });

  it('scores known 4.0 vectors as FIRST’s calculator does', () => {
    // The specification's highest network vector without subsequent-system impact.
    expect(score('4.0', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')).toBe(9.3);
    // The example vector of FIRST's calculator page and of the library's README.
    expect(score('4.0', 'CVSS:4.0/AV:P/AC:L/AT:N/PR:N/UI:N/VC:H/VI:L/VA:L/SC:H/SI:H/SA:H')).toBe(7.2);
    // 8.55 computed as 8.5499…: rounded half up, as FIRST's calculator does since its rounding fix.
    expect(score('4.0', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H')).toBe(8.6);
    expect(score('4.0', 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N')).toBe(0);
  });

  it('gives every CVSS 3.1 base vector the score ae-cvss-calculator gives it', () => {
    let count = 0;
    for (const vector of everyVector('3.1')) {
      expect(score('3.1', vector), vector).toBe(libraryScore('3.1', vector));
      count += 1;
    }
    expect(count).toBe(2592);
  });

  it('gives CVSS 4.0 base vectors the score ae-cvss-calculator gives them', () => {
    const metrics = Object.entries(cvssBaseMetrics['4.0']) as Array<[string, readonly string[]]>;
    const vector = fc
      .tuple(...metrics.map(([name, values]) => fc.constantFrom(...values).map((value) => `${name}:${value}`)))
      .map((parts) => `CVSS:4.0/${parts.join('/')}`);
    fc.assert(
      fc.property(vector, (text) => {
        expect(score('4.0', text), text).toBe(libraryScore('4.0', text));
      }),
      { numRuns: 1500, seed: 20_261_128 },
    );
  });

  it('rates scores in the specification’s bands', () => {
    expect([0, 0.1, 3.9, 4, 6.9, 7, 8.9, 9, 10].map(cvssRating)).toEqual([
      'None',
      'Low',
      'Low',
      'Medium',
      'Medium',
      'High',
      'High',
      'Critical',
      'Critical',
    ]);
  });
});

describe('CVSS vectors read strictly', () => {
  it('writes the metrics in the specification’s order', () => {
    expect(readCvssVector('3.1', 'CVSS:3.1/A:H/I:H/C:H/S:U/UI:N/PR:N/AC:L/AV:N')).toMatchObject({
      vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    });
  });

  it.each<[CvssVersion, string, string]>([
    ['3.1', 'CVSS:3.1/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'expected a CVSS 3.1 base vector, AV is missing'],
    ['3.1', 'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'expected a CVSS 3.1 base vector, starting with CVSS:3.1/'],
    ['3.1', 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N', 'expected a CVSS 3.1 base vector, starting with CVSS:3.1/'],
    [
      '3.1',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'expected a CVSS 3.1 base vector, starting with CVSS:3.1/',
    ],
    ['3.1', 'CVSS:3.1/AV:N/AV:L/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H', 'expected a CVSS 3.1 base vector, AV is given twice'],
    [
      '3.1',
      'CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'expected a CVSS 3.1 base vector, AV:Q is not allowed (AV takes N, A, L or P)',
    ],
    // The library would take X (not defined) for a base metric and score it 0.
    [
      '3.1',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'expected a CVSS 3.1 base vector, AV:X is not allowed (AV takes N, A, L or P)',
    ],
    [
      '3.1',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:U',
      'expected a CVSS 3.1 base vector, E is not one of its base metrics',
    ],
    ['3.1', 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/', 'expected a CVSS 3.1 base vector, an empty metric'],
    ['3.1', 'CVSS:3.1/AV:N/AC:L/PR:N', 'expected a CVSS 3.1 base vector, UI, S, C, I and A are missing'],
    ['3.1', 'CVSS:3.1/AV=N', 'expected a CVSS 3.1 base vector, "AV=N" is not a metric (NAME:VALUE)'],
    [
      '4.0',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H',
      'expected a CVSS 4.0 base vector, SC, SI and SA are missing',
    ],
    // Safety (S) is a value of the modified metrics MSI and MSA only.
    [
      '4.0',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:S/SA:N',
      'expected a CVSS 4.0 base vector, SI:S is not allowed (SI takes H, L or N)',
    ],
    [
      '4.0',
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:R/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'expected a CVSS 4.0 base vector, UI:R is not allowed (UI takes N, P or A)',
    ],
  ])('refuses a bad %s vector: %s', (version, vector, problem) => {
    expect(readCvssVector(version, vector)).toEqual({ problem });
    expect(scoreCvssVector(version, vector)).toEqual({ problem });
  });
});
