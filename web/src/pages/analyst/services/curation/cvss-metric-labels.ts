// The words of the CVSS calculator: each base metric's name and its values' names, as FIRST's specifications
// of CVSS 3.1 and 4.0 call them. The metrics and their values are the contract's (lambdas/contracts/cvss.ts).
import type { CvssVersion } from '../../../../../../lambdas/contracts/cvss';

interface MetricWords {
  name: string;
  values: Record<string, string>;
}

const impact = { H: 'High', L: 'Low', N: 'None' };

export const cvssMetricWords: Record<CvssVersion, Record<string, MetricWords>> = {
  '3.1': {
    AV: { name: 'Attack Vector', values: { N: 'Network', A: 'Adjacent', L: 'Local', P: 'Physical' } },
    AC: { name: 'Attack Complexity', values: { L: 'Low', H: 'High' } },
    PR: { name: 'Privileges Required', values: { N: 'None', L: 'Low', H: 'High' } },
    UI: { name: 'User Interaction', values: { N: 'None', R: 'Required' } },
    S: { name: 'Scope', values: { U: 'Unchanged', C: 'Changed' } },
    C: { name: 'Confidentiality', values: impact },
    I: { name: 'Integrity', values: impact },
    A: { name: 'Availability', values: impact },
  },
  '4.0': {
    AV: { name: 'Attack Vector', values: { N: 'Network', A: 'Adjacent', L: 'Local', P: 'Physical' } },
    AC: { name: 'Attack Complexity', values: { L: 'Low', H: 'High' } },
    AT: { name: 'Attack Requirements', values: { N: 'None', P: 'Present' } },
    PR: { name: 'Privileges Required', values: { N: 'None', L: 'Low', H: 'High' } },
    UI: { name: 'User Interaction', values: { N: 'None', P: 'Passive', A: 'Active' } },
    VC: { name: 'Confidentiality (vulnerable system)', values: impact },
    VI: { name: 'Integrity (vulnerable system)', values: impact },
    VA: { name: 'Availability (vulnerable system)', values: impact },
    SC: { name: 'Confidentiality (subsequent system)', values: impact },
    SI: { name: 'Integrity (subsequent system)', values: impact },
    SA: { name: 'Availability (subsequent system)', values: impact },
  },
};
