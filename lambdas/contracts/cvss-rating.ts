// The qualitative rating of a CVSS score, apart from the scoring (cvss.ts), so the pages that only show
// scores (the customer's report) do not load the scoring with it.

/** The qualitative rating of a score (the same bands in 3.1 and 4.0). */
export const cvssRatings = ['None', 'Low', 'Medium', 'High', 'Critical'] as const;
export type CvssRating = (typeof cvssRatings)[number];

export function cvssRating(score: number): CvssRating {
  if (score === 0) return 'None';
  if (score < 4) return 'Low';
  if (score < 7) return 'Medium';
  if (score < 9) return 'High';
  return 'Critical';
}
