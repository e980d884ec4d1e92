// CVSS base vectors of findings, versions 3.1 and 4.0: the strict reading of a vector (prefix, every base
// metric once with a value the specification allows, nothing else) and its base score, the same in the API,
// the import's readers and the browser's calculator.
//
// The scores follow FIRST's specifications: 3.1's formulas (section 7 and Appendix A's Roundup), and 4.0's
// MacroVector lookup and interpolation as FIRST's reference calculator computes them (cvss-v4-calculator,
// BSD-2-Clause, Copyright FIRST, Red Hat, and contributors: its table, maximal vectors and severity depths are
// below). They are checked against ae-cvss-calculator (tests/unit/cvss.test.ts), which is not bundled here: at
// 188 KB minified it would take the API and import functions far over their bundle budget.

export const cvssVersions = ['3.1', '4.0'] as const;
export type CvssVersion = (typeof cvssVersions)[number];

/** Each version's base metrics in the specification's order, with their values (most severe first). */
export const cvssBaseMetrics = {
  '3.1': {
    AV: ['N', 'A', 'L', 'P'],
    AC: ['L', 'H'],
    PR: ['N', 'L', 'H'],
    UI: ['N', 'R'],
    S: ['U', 'C'],
    C: ['H', 'L', 'N'],
    I: ['H', 'L', 'N'],
    A: ['H', 'L', 'N'],
  },
  '4.0': {
    AV: ['N', 'A', 'L', 'P'],
    AC: ['L', 'H'],
    AT: ['N', 'P'],
    PR: ['N', 'L', 'H'],
    UI: ['N', 'P', 'A'],
    VC: ['H', 'L', 'N'],
    VI: ['H', 'L', 'N'],
    VA: ['H', 'L', 'N'],
    SC: ['H', 'L', 'N'],
    SI: ['H', 'L', 'N'],
    SA: ['H', 'L', 'N'],
  },
} as const satisfies Record<CvssVersion, Record<string, readonly string[]>>;

export type CvssMetrics = Record<string, string>;

/** A base vector read: its metrics, and the vector written in the specification's order. */
export interface CvssReading {
  vector: string;
  metrics: CvssMetrics;
}

/** A vector with the base score computed from it. */
export interface CvssScored {
  vector: string;
  score: number;
}

const prefixOf = (version: CvssVersion) => `CVSS:${version}/`;

const listed = (values: readonly string[], word: 'or' | 'and') =>
  values.length === 1 ? values[0]! : `${values.slice(0, -1).join(', ')} ${word} ${values[values.length - 1]!}`;

/**
 * Reads a base vector of this version strictly, or answers what is wrong with it ("expected a CVSS 3.1 base
 * vector, AV is missing"). Metrics may come in any order; the reading writes them in the specification's.
 */
export function readCvssVector(version: CvssVersion, text: string): CvssReading | { problem: string } {
  const expected = `expected a CVSS ${version} base vector`;
  const refuse = (why: string) => ({ problem: `${expected}, ${why}` });
  const prefix = prefixOf(version);
  if (!text.startsWith(prefix)) return refuse(`starting with ${prefix}`);
  const metrics: Record<string, readonly string[]> = cvssBaseMetrics[version];
  const given: CvssMetrics = {};
  const rest = text.slice(prefix.length);
  const parts = rest === '' ? [] : rest.split('/');
  for (const part of parts) {
    const match = /^([A-Za-z]+):([A-Za-z]+)$/.exec(part);
    if (!match) return refuse(part === '' ? 'an empty metric' : `"${part.slice(0, 20)}" is not a metric (NAME:VALUE)`);
    const [, name, value] = match as unknown as [string, string, string];
    const allowed = metrics[name];
    if (!allowed) return refuse(`${name} is not one of its base metrics`);
    if (given[name] !== undefined) return refuse(`${name} is given twice`);
    if (!allowed.includes(value))
      return refuse(`${name}:${value} is not allowed (${name} takes ${listed(allowed, 'or')})`);
    given[name] = value;
  }
  const missing = Object.keys(metrics).filter((name) => given[name] === undefined);
  if (missing.length > 0) return refuse(`${listed(missing, 'and')} ${missing.length === 1 ? 'is' : 'are'} missing`);
  const vector =
    prefix +
    Object.keys(metrics)
      .map((name) => `${name}:${given[name]!}`)
      .join('/');
  return { vector, metrics: given };
}

/** A vector's metrics written as a vector of this version, in the specification's order (those given only). */
export function cvssVectorOf(version: CvssVersion, metrics: Partial<CvssMetrics>): string {
  const names = Object.keys(cvssBaseMetrics[version]).filter((name) => metrics[name] !== undefined);
  return prefixOf(version) + names.map((name) => `${name}:${metrics[name]!}`).join('/');
}

/** The vector's base score, or what is wrong with it. */
export function scoreCvssVector(version: CvssVersion, text: string): CvssScored | { problem: string } {
  const reading = readCvssVector(version, text);
  if ('problem' in reading) return reading;
  const score = version === '3.1' ? cvss31BaseScore(reading.metrics) : cvss40Score(reading.metrics);
  return { vector: reading.vector, score };
}

export { cvssRating, cvssRatings, type CvssRating } from './cvss-rating.js';

// ---------------------------------------------------------------------------------------------------------
// CVSS 3.1 (specification section 7.1, Appendix A)

const weights31 = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  UI: { N: 0.85, R: 0.62 },
  CIA: { H: 0.56, L: 0.22, N: 0 },
} as const;

/** Appendix A: the smallest number of one decimal equal to or higher than its input, free of float noise. */
function roundUp(value: number): number {
  const whole = Math.round(value * 100_000);
  return whole % 10_000 === 0 ? whole / 100_000 : (Math.floor(whole / 10_000) + 1) / 10;
}

function cvss31BaseScore(metrics: CvssMetrics): number {
  const changed = metrics.S === 'C';
  const cia = (name: string) => weights31.CIA[metrics[name] as keyof typeof weights31.CIA];
  const iss = 1 - (1 - cia('C')) * (1 - cia('I')) * (1 - cia('A'));
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  const privileges = { N: 0.85, L: changed ? 0.68 : 0.62, H: changed ? 0.5 : 0.27 }[metrics.PR as 'N' | 'L' | 'H'];
  const exploitability =
    8.22 *
    weights31.AV[metrics.AV as keyof typeof weights31.AV] *
    weights31.AC[metrics.AC as keyof typeof weights31.AC] *
    privileges *
    weights31.UI[metrics.UI as keyof typeof weights31.UI];
  if (impact <= 0) return 0;
  return roundUp(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
}

// ---------------------------------------------------------------------------------------------------------
// CVSS 4.0 (specification section 8: MacroVectors, their scores, and the interpolation within one)

/**
 * FIRST's score of each MacroVector (eq1 0–2, eq2 0–1, eq3 0–2, eq4 0–2, eq5 0–2, eq6 0–1, in that nesting
 * order; eq3 2 only with eq6 1), in tenths.
 */
const macroVectorTenths = [
  100, 99, 98, 95, 95, 92, 100, 96, 93, 87, 91, 81, 93, 90, 89, 80, 81, 68, 98, 95, 95, 92, 90, 84, 93, 92, 89, 81, 81,
  65, 88, 80, 78, 70, 69, 48, 92, 82, 72, 79, 69, 50, 69, 55, 27, 99, 97, 95, 92, 92, 85, 95, 91, 90, 83, 84, 71, 92,
  81, 82, 71, 72, 53, 95, 93, 92, 85, 85, 73, 92, 82, 80, 72, 70, 59, 84, 70, 71, 52, 50, 30, 86, 75, 52, 71, 52, 29,
  63, 29, 17, 98, 95, 94, 87, 91, 81, 94, 89, 86, 74, 77, 64, 87, 75, 74, 63, 63, 49, 94, 89, 88, 77, 76, 67, 86, 76,
  74, 58, 59, 50, 72, 57, 57, 52, 52, 25, 83, 70, 54, 65, 58, 26, 53, 21, 13, 95, 90, 88, 76, 76, 70, 90, 77, 75, 62,
  61, 53, 77, 66, 68, 59, 52, 30, 89, 78, 76, 67, 62, 58, 74, 59, 57, 57, 47, 23, 61, 52, 57, 29, 24, 16, 71, 59, 30,
  58, 26, 15, 23, 13, 6, 93, 87, 86, 72, 75, 58, 86, 74, 74, 61, 56, 34, 70, 54, 52, 40, 40, 22, 85, 75, 74, 55, 62, 51,
  72, 57, 55, 41, 46, 19, 53, 36, 34, 19, 19, 8, 64, 51, 20, 47, 21, 11, 24, 9, 4, 88, 75, 73, 53, 60, 50, 73, 55, 59,
  40, 41, 20, 54, 43, 45, 22, 20, 11, 75, 55, 58, 45, 40, 21, 61, 51, 48, 18, 20, 9, 46, 18, 17, 7, 8, 2, 53, 24, 14,
  24, 12, 5, 10, 3, 1,
];

type MacroVector = readonly [number, number, number, number, number, number];

let macroScores: Map<string, number> | undefined;

/** The MacroVector's score, built into a map on first use (a page showing ratings only never builds it). */
function macroScore(macro: readonly number[]): number | undefined {
  if (!macroScores) {
    macroScores = new Map<string, number>();
    let index = 0;
    for (let eq1 = 0; eq1 < 3; eq1 += 1)
      for (let eq2 = 0; eq2 < 2; eq2 += 1)
        for (let eq3 = 0; eq3 < 3; eq3 += 1)
          for (let eq4 = 0; eq4 < 3; eq4 += 1)
            for (let eq5 = 0; eq5 < 3; eq5 += 1)
              for (let eq6 = 0; eq6 < 2; eq6 += 1) {
                if (eq3 === 2 && eq6 === 0) continue;
                macroScores.set(`${eq1}${eq2}${eq3}${eq4}${eq5}${eq6}`, macroVectorTenths[index]! / 10);
                index += 1;
              }
  }
  return macroScores.get(macro.join(''));
}

/** The metrics' severity levels (FIRST's calculator: distances count in tenths). */
const levels: Record<string, Record<string, number>> = {
  AV: { N: 0, A: 0.1, L: 0.2, P: 0.3 },
  PR: { N: 0, L: 0.1, H: 0.2 },
  UI: { N: 0, P: 0.1, A: 0.2 },
  AC: { L: 0, H: 0.1 },
  AT: { N: 0, P: 0.1 },
  VC: { H: 0, L: 0.1, N: 0.2 },
  VI: { H: 0, L: 0.1, N: 0.2 },
  VA: { H: 0, L: 0.1, N: 0.2 },
  SC: { H: 0.1, L: 0.2, N: 0.3 },
  SI: { S: 0, H: 0.1, L: 0.2, N: 0.3 },
  SA: { S: 0, H: 0.1, L: 0.2, N: 0.3 },
  CR: { H: 0, M: 0.1, L: 0.2 },
  IR: { H: 0, M: 0.1, L: 0.2 },
  AR: { H: 0, M: 0.1, L: 0.2 },
};

/** The highest-severity vectors of each equivalence class (eq3 with eq6 as one). */
const maxComposed = {
  eq1: [
    ['AV:N/PR:N/UI:N'],
    ['AV:A/PR:N/UI:N', 'AV:N/PR:L/UI:N', 'AV:N/PR:N/UI:P'],
    ['AV:P/PR:N/UI:N', 'AV:A/PR:L/UI:P'],
  ],
  eq2: [['AC:L/AT:N'], ['AC:H/AT:N', 'AC:L/AT:P']],
  eq3eq6: [
    [['VC:H/VI:H/VA:H/CR:H/IR:H/AR:H'], ['VC:H/VI:H/VA:L/CR:M/IR:M/AR:H', 'VC:H/VI:H/VA:H/CR:M/IR:M/AR:M']],
    [
      ['VC:L/VI:H/VA:H/CR:H/IR:H/AR:H', 'VC:H/VI:L/VA:H/CR:H/IR:H/AR:H'],
      [
        'VC:L/VI:H/VA:L/CR:H/IR:M/AR:H',
        'VC:L/VI:H/VA:H/CR:H/IR:M/AR:M',
        'VC:H/VI:L/VA:H/CR:M/IR:H/AR:M',
        'VC:H/VI:L/VA:L/CR:M/IR:H/AR:H',
        'VC:L/VI:L/VA:H/CR:H/IR:H/AR:M',
      ],
    ],
    [[], ['VC:L/VI:L/VA:L/CR:H/IR:H/AR:H']],
  ],
  eq4: [['SC:H/SI:S/SA:S'], ['SC:H/SI:H/SA:H'], ['SC:L/SI:L/SA:L']],
} as const;

/** Severity depth of each MacroVector class, in steps of 0.1. */
const maxSeverity = {
  eq1: [1, 4, 5],
  eq2: [1, 2],
  eq3eq6: [
    [7, 6],
    [8, 8],
    [0, 10],
  ],
  eq4: [6, 5, 4],
} as const;

const metricsOf = (text: string): CvssMetrics =>
  Object.fromEntries(text.split('/').map((part) => part.split(':') as [string, string]));

function cvss40Score(base: CvssMetrics): number {
  // A base vector: the threat metric E is taken as A (attacked) and the requirements CR, IR, AR as H, as
  // FIRST's calculator takes their X (not defined); no modified metric.
  const metric: CvssMetrics = { ...base, E: 'A', CR: 'H', IR: 'H', AR: 'H' };
  const is = (name: string, value: string) => metric[name] === value;
  if (['VC', 'VI', 'VA', 'SC', 'SI', 'SA'].every((name) => is(name, 'N'))) return 0;

  const anyNetworkOrNone = is('AV', 'N') || is('PR', 'N') || is('UI', 'N');
  const eq1 = is('AV', 'N') && is('PR', 'N') && is('UI', 'N') ? 0 : anyNetworkOrNone && !is('AV', 'P') ? 1 : 2;
  const eq2 = is('AC', 'L') && is('AT', 'N') ? 0 : 1;
  const eq3 = is('VC', 'H') && is('VI', 'H') ? 0 : is('VC', 'H') || is('VI', 'H') || is('VA', 'H') ? 1 : 2;
  const eq4 = is('SI', 'S') || is('SA', 'S') ? 0 : is('SC', 'H') || is('SI', 'H') || is('SA', 'H') ? 1 : 2;
  const eq5 = is('E', 'A') ? 0 : is('E', 'P') ? 1 : 2;
  const eq6 =
    (is('CR', 'H') && is('VC', 'H')) || (is('IR', 'H') && is('VI', 'H')) || (is('AR', 'H') && is('VA', 'H')) ? 0 : 1;
  const macro: MacroVector = [eq1, eq2, eq3, eq4, eq5, eq6];
  const value = macroScore(macro)!;

  const lower = (changes: Partial<Record<number, number>>) => macroScore(macro.map((eq, i) => eq + (changes[i] ?? 0)));
  // eq3 and eq6 go down together: 00 to 01 or 10 (the higher), 01 and 11 to eq3 + 1, 10 to 11; 21 has none.
  const eq3eq6Next =
    eq3 === 0 && eq6 === 0
      ? Math.max(lower({ 5: 1 })!, lower({ 2: 1 })!)
      : eq3 === 1 && eq6 === 0
        ? lower({ 5: 1 })
        : eq3 === 2
          ? undefined
          : lower({ 2: 1 });

  // The first highest-severity vector of the MacroVector that the scored vector does not exceed.
  const candidates: string[] = [];
  for (const a of maxComposed.eq1[eq1])
    for (const b of maxComposed.eq2[eq2])
      for (const c of maxComposed.eq3eq6[eq3][eq6])
        for (const d of maxComposed.eq4[eq4]) candidates.push(`${a}/${b}/${c}/${d}`);
  const names = Object.keys(levels);
  let distance: Record<string, number> = {};
  for (const candidate of candidates) {
    const highest = metricsOf(candidate);
    distance = Object.fromEntries(
      names.map((name) => [name, levels[name]![metric[name]!]! - levels[name]![highest[name]!]!]),
    );
    if (names.every((name) => distance[name]! >= 0)) break;
  }
  const sum = (...of: string[]) => of.reduce((total, name) => total + distance[name]!, 0);
  const step = 0.1;
  const parts: Array<[next: number | undefined, current: number, depth: number]> = [
    [lower({ 0: 1 }), sum('AV', 'PR', 'UI'), maxSeverity.eq1[eq1] * step],
    [lower({ 1: 1 }), sum('AC', 'AT'), maxSeverity.eq2[eq2] * step],
    [eq3eq6Next, sum('VC', 'VI', 'VA', 'CR', 'IR', 'AR'), maxSeverity.eq3eq6[eq3][eq6] * step],
    [lower({ 3: 1 }), sum('SC', 'SI', 'SA'), maxSeverity.eq4[eq4] * step],
  ];
  let existing = 0;
  let total = 0;
  for (const [next, current, depth] of parts) {
    if (next === undefined) continue;
    existing += 1;
    total += (value - next) * (current / depth);
  }
  // eq5's lower MacroVector counts when it exists, with no distance (E is not part of a base vector's spread).
  if (lower({ 4: 1 }) !== undefined) existing += 1;
  const score = Math.min(10, Math.max(0, value - (existing === 0 ? 0 : total / existing)));
  // Rounded half up with an epsilon, as FIRST's calculator now rounds: 8.55 computed as 8.5499… is 8.6.
  return Math.round((score + 1e-6) * 10) / 10;
}
