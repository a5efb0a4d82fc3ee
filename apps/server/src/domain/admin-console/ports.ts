/** What the admin console stores (decision 0053); storage/admin-console.ts implements it on both databases. */
import type { AdminGroupDetail, AdminGroupSummary, AdminRole, AdminUserSummary, AuditEntry } from '@parley/protocol';

export interface AdminAccountRow {
  name: string;
  passwordHash: string;
  role: AdminRole;
  createdAt: number;
}

export interface AdminSessionRow {
  idHash: string;
  name: string;
  createdAt: number;
  expiresAt: number;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  before?: number | undefined;
  limit: number;
}

export interface AdminConsoleStore {
  createAdmin(row: AdminAccountRow): Promise<boolean>;
  getAdmin(name: string): Promise<AdminAccountRow | undefined>;
  countAdmins(): Promise<number>;
  createSession(row: AdminSessionRow): Promise<void>;
  getSession(idHash: string): Promise<AdminSessionRow | undefined>;
  deleteSession(idHash: string): Promise<void>;
  /** ADM12: the only write the audit log has. No update, no delete exists on this port. */
  appendAudit(entry: NewAuditEntry): Promise<void>;
  listAudit(filter: AuditFilter): Promise<AuditEntry[]>;
  searchUsers(q: string, limit: number): Promise<AdminUserSummary[]>;
  userSummary(userID: string): Promise<AdminUserSummary | undefined>;
  userSessions(userID: string, now: number): Promise<{ createdAt: number; expiresAt: number }[]>;
  /** Sets or clears the account's disabled time; false when there is no such account. */
  setDisabled(userID: string, at: number): Promise<boolean>;
  setPasswordHash(userID: string, hash: string): Promise<boolean>;
  searchGroups(q: string, limit: number): Promise<AdminGroupSummary[]>;
  groupDetail(groupID: string): Promise<AdminGroupDetail | undefined>;
  /** The stored word list and its version; undefined before the first save (the file seeds it, ADM31). */
  getWords(): Promise<{ words: string[]; version: number } | undefined>;
  setWords(words: readonly string[], version: number): Promise<void>;
}
