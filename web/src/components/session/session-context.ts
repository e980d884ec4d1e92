// The shared session context of spec section 3: user, access and preference records, the selected
// company (chosen by the server in getSession) with its record, and the helpers that register and
// cancel live subscriptions and sign out.
import { createContext, useContext } from 'react';
import type { GetSessionOutput } from '../../../../lambdas/calls/get-session/contract';

export type SessionUser = GetSessionOutput['user'];
export type SessionUserAccess = GetSessionOutput['userAccess'];
export type SessionUserPreferences = GetSessionOutput['userPreferences'];
export type SessionCompanyDoc = NonNullable<GetSessionOutput['companyDoc']>;
export type SessionCompanyOption = GetSessionOutput['companyList'][number];

export interface SessionContextValue {
  user: SessionUser;
  userAccess: SessionUserAccess;
  userPreferences: SessionUserPreferences;
  /** Slug of the selected company, null when there is none (spec 4). */
  company: string | null;
  /** The selected company's record, null when there is none or it may not be read. */
  companyDoc: SessionCompanyDoc | null;
  /** Saves `companySlug` as defaultCompany (setDefaultCompany) and selects it. */
  setCompany: (companySlug: string) => Promise<void>;
  /** The companies the user can choose from. */
  companyList: readonly SessionCompanyOption[];
  /** Services the platform offers; the others leave every menu, page and report. */
  offeredServices: readonly string[];
  /** Invitations to companies waiting for the user's answer (Home shows them). */
  invitations: GetSessionOutput['invitations'];
  /** Re-reads getSession (after the user changed their profile, or a company or service changed). */
  refreshSession: () => Promise<void>;
  /** Registers the cancel function of a live subscription; returns a function that unregisters it. */
  registerSubscription: (cancel: () => void) => () => void;
  /**
   * Cancels every live subscription, then signs out (spec 7 'Sign-out'): the server refuses the user's tokens
   * from then on (every session of theirs, as Cognito's global sign-out), not only this browser's copy.
   */
  signOut: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/**
 * A company's name as the session knows it: the selected company's record (kept current while it is
 * selected), else the company list. Undefined for a company the session does not know, or none.
 */
export function companyNameIn(
  session: Pick<SessionContextValue, 'company' | 'companyDoc' | 'companyList'>,
  slug: string | null,
): string | undefined {
  if (slug === null) return undefined;
  const record = slug === session.company ? session.companyDoc : null;
  return record?.companyName ?? session.companyList.find((option) => option.slug === slug)?.companyName;
}

/** The selected company's name, or undefined when none is selected (or its name is not known). */
export function useCompanyName(): string | undefined {
  const session = useSession();
  return companyNameIn(session, session.company);
}

/** Spec 2: the display name's fallback. */
export const anonymousUserName = 'Anonymous User';

export function displayNameOf(user: SessionUser): string {
  return user.displayName?.trim() || anonymousUserName;
}

/** Spec 2: the handle is the part of the e-mail before the @. */
export function handleOf(user: SessionUser): string {
  const at = user.email.indexOf('@');
  return at >= 0 ? user.email.slice(0, at) : user.email;
}
