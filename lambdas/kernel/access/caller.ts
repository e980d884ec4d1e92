// Who is calling, as the server established it: the verified token plus the caller's own records.
import type { SignInProof } from '../sign-in/sign-in-code.js';

/** A customer's standing in one company: their level there and the services enabled for them there. */
export interface Membership {
  accessLevel: number;
  servicesEnabled: string[];
}

export interface UserAccessRecord {
  uid: string;
  email: string;
  /**
   * `accessLevel`: an analyst's platform level; for a customer, their highest membership level (what calls
   * that name no company read), kept in step with `memberships` by every write.
   */
  claims: { userType: string; accessLevel: number; _revoked?: number; _synced?: number };
  /** The companies the user belongs to: the keys of `memberships`, in the order they joined. */
  companies: string[];
  /**
   * A customer's level and services per company. Records written before memberships existed lack it: they
   * read as one membership per company at the record's level and services (rules.ts `membershipOf`), until
   * `npm run backfill:memberships` writes them.
   */
  memberships?: Record<string, Membership>;
  servicesEnabled: string[];
  servicesManaged: string[];
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

export interface UserRecord {
  uid: string;
  email: string;
  displayName?: string;
  photoURL?: string;
  lastSignInAt?: number;
  version?: number;
}

export interface UserPreferencesRecord {
  uid: string;
  defaultCompany?: string;
  colorScheme?: 'auto' | 'dark' | 'light';
  updatedAt?: number;
}

/** A company's record (spec section 3): its name and the service flags. */
export interface CompanyRecord {
  slug: string;
  companyName: string;
  enableViewProjectMarianaResults: boolean;
  enableViewProjectMarianaStats: boolean;
  enableDast: boolean;
  enableDastTriggering: boolean;
  enableViewResultsNetwork: boolean;
  enableViewCloudScanStats: boolean;
  enableViewCloudScanResults: boolean;
  enableViewResultsPasswordCracking: boolean;
  /** How many users hold this company, kept in step with memberships in the same transactions. */
  memberCount?: number;
  /** How many of its webhook endpoints are on, kept in step with them (data/entities/webhooks.ts). */
  webhookEndpointsOn?: number;
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

export interface Caller {
  uid: string;
  email: string;
  /** The token's auth_time, in ms since epoch. */
  authTime: number;
  /** How that sign-in was proved (the token's signInProof claim), when the token says. */
  signInProof?: SignInProof;
  user: UserRecord | undefined;
  access: UserAccessRecord;
  preferences: UserPreferencesRecord | undefined;
  /** Invitations waiting for the caller's answer (they come with the caller's records, in the same Query). */
  invitations?: InvitationRecord[];
}

/** An invitation to a company that its invitee has not answered yet. */
export interface InvitationRecord {
  uid: string;
  slug: string;
  companyName: string;
  email: string;
  accessLevel: number;
  servicesEnabled: string[];
  invitedBy: string;
  invitedByName?: string;
  invitedAt: number;
  expiresAt: number;
}

export type AccessRule =
  | {
      kind: 'public';
      describe: string;
      /** Called by scanning agents with their credential: the API gives these routes a throttle of their own. */
      agentCredential?: true;
    }
  | { kind: 'signedIn'; describe: string; allows: (caller: Caller) => boolean };
