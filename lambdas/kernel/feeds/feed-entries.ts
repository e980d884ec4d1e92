// What the two threat feeds hold, parsed: one entry per CVE. The parsers (kev-feed.ts, epss-feed.ts) yield these
// from a stream and throw an ImportFormatError naming the line or field of the first thing wrong.
export interface KevEntry {
  cve: string;
  /** YYYY-MM-DD. */
  dateAdded: string;
  ransomware: 'Known' | 'Unknown';
  vendorProject?: string;
  product?: string;
  vulnerabilityName?: string;
  dueDate?: string;
}

export interface EpssEntry {
  cve: string;
  score: number;
  percentile: number;
}

/** What a feed says of itself: KEV's catalogVersion and dateReleased; EPSS's model_version and score_date. */
export interface FeedHeader {
  version?: string;
  released?: string;
}
