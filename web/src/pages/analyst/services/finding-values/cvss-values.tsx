// A finding's CVSS 3.1 and 4.0 base vectors as both details show them: the score the server computed, its
// qualitative rating (None, Low, Medium, High, Critical) and the vector; for analysts also whose it is.
import { Fragment, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { cvssRating } from '../../../../../../lambdas/contracts/cvss-rating';

interface Scored {
  vector: string;
  score: number;
  source?: 'analyst' | 'tool';
}

/** "9.8 Critical". */
export function cvssScoreText(score: number): string {
  return `${score.toFixed(1)} ${cvssRating(score)}`;
}

/** A vector whole, its line free to break after each '/' (a column of the details is narrower than a 4.0 vector). */
function VectorText({ vector }: { vector: string }) {
  const parts = vector.split('/');
  return (
    <Box variant="code">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </Box>
  );
}

const sourceWords = { analyst: 'set by an analyst', tool: 'from the tool' } as const;

function CvssValue({ scored }: { scored: Scored }) {
  return (
    <SpaceBetween size="xxs">
      <Box variant="span">
        {cvssScoreText(scored.score)}
        {scored.source ? (
          <>
            {' '}
            <Box variant="small">({sourceWords[scored.source]})</Box>
          </>
        ) : null}
      </Box>
      <VectorText vector={scored.vector} />
    </SpaceBetween>
  );
}

/** The "CVSS 3.1" and "CVSS 4.0" entries of a finding's detail, each when the finding has that vector. */
export function cvssDetail(finding: { cvss31?: Scored; cvss40?: Scored }): { label: string; value: ReactNode }[] {
  return [
    ...(finding.cvss31 ? [{ label: 'CVSS 3.1', value: <CvssValue scored={finding.cvss31} /> }] : []),
    ...(finding.cvss40 ? [{ label: 'CVSS 4.0', value: <CvssValue scored={finding.cvss40} /> }] : []),
  ];
}
