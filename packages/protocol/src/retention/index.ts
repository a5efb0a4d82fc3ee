/** Message retention's part of the protocol (decision 0047, rules RET1–RET15). */
import { type Static, Type } from 'typebox';
import { Strict } from '../schemas/common.ts';

export const RETENTION_LIMITS = {
  /** RET2: the longest retention a default or a group override may name, in days (100 years). */
  maxDays: 36_500,
} as const;

export const RETENTION_ROUTES = {
  /** PUT a group's retention override: the admin API (x-parley-admin-key), RET3. */
  adminGroup: '/admin/v1/groups/:groupID/retention',
} as const;

export const retentionPath = (groupID: string) =>
  RETENTION_ROUTES.adminGroup.replace(':groupID', encodeURIComponent(groupID));

/** RET3: whole days, 0 = keep forever, null = the server's default (`PARLEY_RETENTION_DAYS`). */
export const GroupRetentionSchema = Type.Object(
  { days: Type.Union([Type.Integer({ minimum: 0, maximum: RETENTION_LIMITS.maxDays }), Type.Null()]) },
  Strict,
);
export type GroupRetention = Static<typeof GroupRetentionSchema>;

/** The override as stored, and the days in force for the group (the override, else the default; 0 = forever). */
export const GroupRetentionResultSchema = Type.Object({
  groupID: Type.String(),
  days: Type.Union([Type.Integer(), Type.Null()]),
  effectiveDays: Type.Integer(),
});
export type GroupRetentionResult = Static<typeof GroupRetentionResultSchema>;
