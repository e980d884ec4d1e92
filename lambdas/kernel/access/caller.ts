// Who is calling, as the server established it: the verified token plus the caller's own records.
export interface UserAccessRecord {
  uid: string;
  email: string;
  claims: { userType: string; accessLevel: number; _revoked?: number; _synced?: number };
  companies: string[];
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
  version: number;
  updatedAt?: number;
  updatedBy?: string;
}

export interface Caller {
  uid: string;
  email: string;
  /** The token's auth_time, in ms since epoch. */
  authTime: number;
  user: UserRecord | undefined;
  access: UserAccessRecord;
  preferences: UserPreferencesRecord | undefined;
}

export type AccessRule =
  | {
      kind: 'public';
      describe: string;
      /** Called by scanning agents with their credential: the API gives these routes a throttle of their own. */
      agentCredential?: true;
    }
  | { kind: 'signedIn'; describe: string; allows: (caller: Caller) => boolean };
