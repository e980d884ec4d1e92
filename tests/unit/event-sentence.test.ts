// Home's event sentences: one per event type the server writes (lambdas/kernel/events and its callers),
// events written before they carried a subject, and an unknown type that still reads.
import { describe, expect, it } from 'vitest';
import { describeEvent, eventKind, sentenceText, type SentenceContext } from '../../web/src/pages/home/event-sentence';
import type { EventRecord } from '../../web/src/pages/home/use-events';

const context: SentenceContext = {
  self: { uid: 'me', displayName: 'Mia Multi' },
  companyName: (slug) => ({ acme: 'Acme Corp', globex: 'Globex' })[slug],
};

function event(fields: Partial<EventRecord>): EventRecord {
  return {
    id: 'e1',
    type: 'unknown',
    summary: '',
    createdAt: 0,
    createdByUid: 'ana',
    createdByEmail: 'ana@example.com',
    createdByName: 'Ana Analyst',
    ...fields,
  };
}

const say = (fields: Partial<EventRecord>) => sentenceText(describeEvent(event(fields), context));
const viewer = { uid: 'v', email: 'viewer@acme.example' };
const access = { userType: 'customer', accessLevel: 1, companies: ['acme'], servicesEnabled: [], servicesManaged: [] };

describe('event sentences', () => {
  it('tells every event type the server writes in words', () => {
    const sentences = [
      say({ type: 'companyCreated', subject: { company: { slug: 'acme', companyName: 'Acme Corp' } } }),
      say({
        type: 'companyUpdated',
        subject: { company: { slug: 'acme', companyName: 'Acme Corp' } },
        before: { companyName: 'Acme', enableDast: false },
        after: { companyName: 'Acme Corp', enableDast: true },
      }),
      say({
        type: 'companyUpdated',
        subject: { company: { slug: 'acme', companyName: 'Acme Corp' } },
        before: { companyName: 'Acme Corp', enableDast: true },
        after: { companyName: 'Acme Corp', enableDast: false },
      }),
      say({
        type: 'userInvited',
        subject: { user: viewer, company: { slug: 'acme', companyName: 'Acme Corp' } },
        after: { email: viewer.email, company: 'acme', accessLevel: 1 },
      }),
      say({
        type: 'userAccessUpdated',
        subject: { user: viewer },
        before: access,
        after: { ...access, accessLevel: 3, companies: ['acme', 'globex'] },
      }),
      say({
        type: 'companyUserUpdated',
        subject: { user: viewer, company: { slug: 'acme' } },
        before: access,
        after: { ...access, servicesEnabled: ['dast'] },
      }),
      say({ type: 'companyUserRemoved', subject: { user: viewer, company: { slug: 'acme' } } }),
      say({ type: 'userSignedOutEverywhere', subject: { user: viewer } }),
      say({
        type: 'platformServiceUpdated',
        subject: { service: { name: 'dast', displayName: 'DAST' } },
        before: { offered: true },
        after: { offered: false },
      }),
      say({ type: 'defaultCompanyChanged', subject: { company: { slug: 'globex', companyName: 'Globex' } } }),
      say({
        type: 'profileUpdated',
        before: { displayName: 'Ana', colorScheme: 'auto' },
        after: { displayName: 'Ana Analyst', colorScheme: 'dark' },
      }),
      say({ type: 'supportMessageSent', after: { requestType: 'bug' } }),
    ];

    expect(sentences).toEqual([
      'Ana Analyst created company Acme Corp',
      'Ana Analyst renamed company Acme to Acme Corp: turned on DAST',
      'Ana Analyst turned off DAST for company Acme Corp',
      'Ana Analyst invited viewer@acme.example to Acme Corp at level 1',
      'Ana Analyst changed the access of viewer@acme.example: level 1 → 3; added to Globex',
      'Ana Analyst changed the access of viewer@acme.example in Acme Corp: services enabled: DAST',
      'Ana Analyst removed viewer@acme.example from Acme Corp',
      'Ana Analyst signed viewer@acme.example out everywhere',
      'Ana Analyst stopped offering service DAST',
      'Ana Analyst switched to company Globex',
      'Ana Analyst updated their profile: display name “Ana Analyst”; dark mode',
      'Ana Analyst reported a bug to support',
    ]);
  });

  it('links what an event is about: companies, users and services are objects of the sentence', () => {
    const { parts } = describeEvent(
      event({ type: 'userInvited', subject: { user: viewer, company: { slug: 'acme', companyName: 'Acme Corp' } } }),
      context,
    );
    expect(parts.filter((part) => typeof part !== 'string')).toEqual([
      { kind: 'user', uid: 'v', email: 'viewer@acme.example' },
      { kind: 'company', slug: 'acme', name: 'Acme Corp' },
    ]);
  });

  it('names the actor by display name, else (for the reader) their current one, else the e-mail', () => {
    expect(describeEvent(event({ createdByName: undefined }), context).actor).toBe('ana@example.com');
    expect(describeEvent(event({ createdByName: undefined, createdByUid: 'me' }), context).actor).toBe('Mia Multi');
  });

  it('reads events written before they carried a subject, from before/after or the summary', () => {
    expect(say({ type: 'companyCreated', after: { slug: 'initech', companyName: 'Initech' } })).toBe(
      'Ana Analyst created company Initech',
    );
    expect(say({ type: 'defaultCompanyChanged', after: 'globex' })).toBe('Ana Analyst switched to company Globex');
    expect(say({ type: 'userAccessUpdated', summary: "Changed viewer@acme.example's access" })).toBe(
      "Ana Analyst changed viewer@acme.example's access",
    );
  });

  it('an unknown type still reads, and its kind is never the raw identifier', () => {
    expect(say({ type: 'reportPublished', summary: 'Published the DAST report' })).toBe(
      'Ana Analyst published the DAST report',
    );
    expect(say({ type: 'reportPublished' })).toBe('Ana Analyst made a change (report published)');
    expect(eventKind('reportPublished')).toBe('Report published');
    expect(eventKind('companyCreated')).toBe('Company created');
  });
});
