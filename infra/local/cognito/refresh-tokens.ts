// Refresh tokens and the revocation state of everything issued from them. Each sign-in makes one
// record, identified by the `origin_jti` its access and ID tokens carry; revoking the record
// (RevokeToken, GlobalSignOut, AdminUserGlobalSignOut, AdminDisableUser) revokes those tokens.
// Only a hash of each refresh token is kept on disk.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JsonFile } from './json-file.js';

export interface RefreshRecord {
  tokenHash: string;
  originJti: string;
  sub: string;
  clientId: string;
  authTime: number; // epoch seconds of the sign-in
  expiresAt: number; // epoch milliseconds
  revoked: boolean;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class RefreshTokenStore {
  private readonly byOrigin = new Map<string, RefreshRecord>();

  private constructor(
    private readonly file: JsonFile<RefreshRecord[]>,
    private readonly byHash: Map<string, RefreshRecord>,
    private readonly validitySeconds: number,
  ) {
    for (const record of byHash.values()) this.byOrigin.set(record.originJti, record);
  }

  static async open(dataDir: string, validitySeconds: number): Promise<RefreshTokenStore> {
    const file = new JsonFile<RefreshRecord[]>(join(dataDir, 'refresh-tokens.json'));
    const records = (await file.read()) ?? [];
    return new RefreshTokenStore(file, new Map(records.map((record) => [record.tokenHash, record])), validitySeconds);
  }

  async create(sub: string, clientId: string, authTime: number): Promise<{ token: string; record: RefreshRecord }> {
    this.pruneExpired();
    const token = randomBytes(64).toString('base64url');
    const record: RefreshRecord = {
      tokenHash: hashOf(token),
      originJti: randomUUID(),
      sub,
      clientId,
      authTime,
      expiresAt: Date.now() + this.validitySeconds * 1000,
      revoked: false,
    };
    this.byHash.set(record.tokenHash, record);
    this.byOrigin.set(record.originJti, record);
    await this.save();
    return { token, record };
  }

  find(token: string): RefreshRecord | undefined {
    return this.byHash.get(hashOf(token));
  }

  /** A token whose sign-in record is gone (its user deleted, or long expired) counts as revoked. */
  isOriginRevoked(originJti: string): boolean {
    return this.byOrigin.get(originJti)?.revoked ?? true;
  }

  async revoke(record: RefreshRecord): Promise<void> {
    record.revoked = true;
    await this.save();
  }

  async revokeAllOf(sub: string): Promise<void> {
    for (const record of this.byHash.values()) if (record.sub === sub) record.revoked = true;
    await this.save();
  }

  async forgetUser(sub: string): Promise<void> {
    for (const record of [...this.byHash.values()]) if (record.sub === sub) this.remove(record);
    await this.save();
  }

  flush(): Promise<void> {
    return this.file.flush();
  }

  private pruneExpired(): void {
    const now = Date.now();
    for (const record of [...this.byHash.values()]) if (record.expiresAt < now) this.remove(record);
  }

  private remove(record: RefreshRecord): void {
    this.byHash.delete(record.tokenHash);
    this.byOrigin.delete(record.originJti);
  }

  private save(): Promise<void> {
    return this.file.write([...this.byHash.values()]);
  }
}
