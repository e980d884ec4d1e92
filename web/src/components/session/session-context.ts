// The shared session context of spec section 3: user, access and preference records, the selected
// company, and the helpers that cancel live subscriptions and sign out.
import { createContext, useContext } from 'react';
import type { GetSessionOutput } from '../../../../lambdas/calls/get-session/contract';

export type SessionUser = GetSessionOutput['user'];
export type SessionUserAccess = GetSessionOutput['userAccess'];
export type SessionUserPreferences = GetSessionOutput['userPreferences'];

export interface SessionContextValue {
  user: SessionUser;
  userAccess: SessionUserAccess;
  userPreferences: SessionUserPreferences;
  /** Slug of the selected company, undefined when the user has none (spec 4). */
  company: string | undefined;
  setCompany: (companySlug: string) => void;
  /** The companies the user can choose from. */
  companyList: readonly string[];
  /** Registers the cancel function of a live subscription; returns a function that unregisters it. */
  registerSubscription: (cancel: () => void) => () => void;
  /** Cancels every live subscription, then signs out (spec 7 'Sign-out'). */
  signOut: () => Promise<void>;
  /** Reads getSession again. */
  reload: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Spec 4: no companies, none; one, that one; several, defaultCompany if listed, else the first. */
export function selectCompany(companies: readonly string[], defaultCompany: string | undefined): string | undefined {
  if (defaultCompany !== undefined && companies.includes(defaultCompany)) return defaultCompany;
  return companies[0];
}
