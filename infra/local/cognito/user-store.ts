// The pool's users, as a pool whose sign-in name is the e-mail address keeps them: each user's
// Cognito username is its `sub` (a UUID), and the e-mail, unique without regard to case, is the
// name people sign in with.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JsonFile } from './json-file.js';
import { CognitoError, invalidParameter } from './protocol.js';

export interface PoolUser {
  sub: string;
  /** Every attribute except `sub`, as Cognito stores them: strings, `email_verified` as 'true'/'false'. */
  attributes: Record<string, string>;
  enabled: boolean;
  createdAt: number; // epoch milliseconds
  updatedAt: number;
  /** The user's passkeys (WebAuthn credentials); absent for users who never registered one. */
  passkeys?: StoredPasskey[];
}

/** A registered passkey, with what verifying its next assertion needs. */
export interface StoredPasskey {
  /** base64url, as WebAuthn's JSON carries it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter of the last accepted assertion (0 for authenticators that keep none). */
  counter: number;
  transports: string[];
  /** 'platform' or 'cross-platform', when the browser said. */
  attachment?: string;
  name: string;
  relyingPartyId: string;
  createdAt: number; // epoch milliseconds
  lastUsedAt?: number;
}

export interface AttributeType {
  Name: string;
  Value: string;
}

const STANDARD_ATTRIBUTES = new Set([
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const emailKey = (email: string) => email.trim().toLowerCase();

/** Checks names and values the way a pool's schema would, so bad admin input fails here too. */
function validateAttributes(attributes: AttributeType[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { Name, Value } of attributes) {
    if (Name === 'sub') throw invalidParameter('Cannot modify the non-mutable attribute sub.');
    if (!STANDARD_ATTRIBUTES.has(Name) && !/^custom:[\w-]{1,20}$/.test(Name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${Name}: Attribute does not exist in the schema.`,
      );
    }
    if (Value.length > 2048) throw invalidParameter(`Attribute value for ${Name} must not exceed 2048 characters.`);
    if ((Name === 'email_verified' || Name === 'phone_number_verified') && Value !== 'true' && Value !== 'false') {
      throw invalidParameter(`Invalid value for ${Name}: must be true or false.`);
    }
    if (Name === 'email' && !EMAIL.test(Value)) throw invalidParameter('Invalid email address format.');
    result[Name] = Value;
  }
  return result;
}

export class UserStore {
  private constructor(
    private readonly file: JsonFile<PoolUser[]>,
    private readonly users: Map<string, PoolUser>,
  ) {}

  static async open(dataDir: string): Promise<UserStore> {
    const file = new JsonFile<PoolUser[]>(join(dataDir, 'users.json'));
    const users = (await file.read()) ?? [];
    return new UserStore(file, new Map(users.map((user) => [user.sub, user])));
  }

  /** By Cognito username (the sub) or by e-mail, as Cognito resolves a sign-in name. */
  find(usernameOrEmail: string): PoolUser | undefined {
    const bySub = this.users.get(usernameOrEmail);
    if (bySub) return bySub;
    const wanted = emailKey(usernameOrEmail);
    for (const user of this.users.values()) {
      if (user.attributes.email !== undefined && emailKey(user.attributes.email) === wanted) return user;
    }
    return undefined;
  }

  /** Users in a stable order (creation, then sub), which ListUsers pages through. */
  list(): PoolUser[] {
    return [...this.users.values()].sort((a, b) => a.createdAt - b.createdAt || a.sub.localeCompare(b.sub));
  }

  async create(username: string, attributes: AttributeType[]): Promise<PoolUser> {
    if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
    const values = validateAttributes(attributes);
    if (values.email !== undefined && emailKey(values.email) !== emailKey(username)) {
      throw invalidParameter('The email attribute must match the username, as the username is an email.');
    }
    values.email ??= username;
    if (this.find(username)) {
      throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    }
    const now = Date.now();
    const user: PoolUser = { sub: randomUUID(), attributes: values, enabled: true, createdAt: now, updatedAt: now };
    this.users.set(user.sub, user);
    await this.save();
    return user;
  }

  async updateAttributes(user: PoolUser, attributes: AttributeType[]): Promise<void> {
    const values = validateAttributes(attributes);
    const newEmail = values.email;
    if (newEmail !== undefined && emailKey(newEmail) !== emailKey(user.attributes.email ?? '')) {
      const holder = this.find(newEmail);
      if (holder && holder.sub !== user.sub) {
        throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
      }
      // Cognito marks a changed address unverified unless the same call vouches for it.
      values.email_verified ??= 'false';
    }
    Object.assign(user.attributes, values);
    user.updatedAt = Date.now();
    await this.save();
  }

  async setEnabled(user: PoolUser, enabled: boolean): Promise<void> {
    user.enabled = enabled;
    user.updatedAt = Date.now();
    await this.save();
  }

  async delete(user: PoolUser): Promise<void> {
    this.users.delete(user.sub);
    await this.save();
  }

  /** The user holding a credential id: credential ids are unique in the pool. */
  findByPasskey(credentialId: string): { user: PoolUser; passkey: StoredPasskey } | undefined {
    for (const user of this.users.values()) {
      const passkey = user.passkeys?.find((candidate) => candidate.credentialId === credentialId);
      if (passkey) return { user, passkey };
    }
    return undefined;
  }

  async addPasskey(user: PoolUser, passkey: StoredPasskey): Promise<void> {
    if (this.findByPasskey(passkey.credentialId)) {
      throw invalidParameter('This passkey is already registered.');
    }
    user.passkeys = [...(user.passkeys ?? []), passkey];
    await this.save();
  }

  async removePasskey(user: PoolUser, credentialId: string): Promise<boolean> {
    const before = user.passkeys?.length ?? 0;
    user.passkeys = (user.passkeys ?? []).filter((passkey) => passkey.credentialId !== credentialId);
    if (user.passkeys.length === before) return false;
    await this.save();
    return true;
  }

  /** After an accepted assertion: the new signature counter and the time of use. */
  async recordPasskeyUse(passkey: StoredPasskey, counter: number): Promise<void> {
    passkey.counter = counter;
    passkey.lastUsedAt = Date.now();
    await this.save();
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  private save(): Promise<void> {
    return this.file.write([...this.users.values()]);
  }
}

/** Attributes as the API lists them, `sub` first as Cognito does. */
export function attributeList(user: PoolUser): AttributeType[] {
  return [
    { Name: 'sub', Value: user.sub },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
  ];
}

/** Attributes as trigger events carry them (a plain map, with the status Cognito adds). */
export function triggerAttributes(user: PoolUser): Record<string, string> {
  return { sub: user.sub, ...user.attributes, 'cognito:user_status': 'CONFIRMED' };
}
