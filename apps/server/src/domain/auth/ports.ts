/** What the auth feature stores: server-side sessions, by the hash of their ID. */

export interface SessionRow {
  idHash: string;
  userID: string;
  createdAt: number;
  expiresAt: number;
}

export interface SessionsRepo {
  create(session: SessionRow): Promise<void>;
  get(idHash: string): Promise<SessionRow | undefined>;
  delete(idHash: string): Promise<void>;
  deleteExpired(now: number): Promise<number>;
  /** Ends every session of one user (admin revoke); returns how many there were. */
  deleteForUser(userID: string): Promise<number>;
  /** Ends every session of one user but `keepIdHash` (a password change); returns the ended sessions' hashes. */
  deleteOthers(userID: string, keepIdHash: string): Promise<string[]>;
}
