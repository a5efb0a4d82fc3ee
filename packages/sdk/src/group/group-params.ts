import { TYPES } from '../constants/types.ts';
import { assertParams } from '../core/guard.ts';
import type { CustomField } from './group.ts';
import { groupError } from './group-errors.ts';

/** Options of the group APIs (reference §5, §5.1), named as TIM names them. */
export interface CreateGroupOptions {
  name: string;
  type?: string;
  groupID?: string;
  introduction?: string;
  notification?: string;
  avatar?: string;
  maxMemberNum?: number;
  joinOption?: string;
  memberList?: { userID: string; role?: string; memberCustomField?: CustomField[] }[];
  groupCustomField?: CustomField[];
  isSupportTopic?: boolean;
}

export interface UpdateGroupProfileOptions {
  groupID: string;
  name?: string;
  avatar?: string;
  introduction?: string;
  notification?: string;
  muteAllMembers?: boolean;
  joinOption?: string;
  inviteOption?: string;
  groupCustomField?: CustomField[];
}

export interface JoinGroupOptions {
  groupID: string;
  applyMessage?: string;
  type?: string;
}

export interface MemberProfileOptions {
  groupID: string;
  userIDList: string[];
  memberCustomFieldFilter?: string[];
}

export interface GetGroupProfileOptions {
  groupID: string;
  groupCustomFieldFilter?: string[];
  memberCustomFieldFilter?: string[];
}

export interface HandleGroupApplicationOptions {
  handleAction: 'Agree' | 'Reject';
  handleMessage?: string;
  /** The system notice (operationType 1) that carried the application. */
  message?: { payload?: Record<string, unknown> };
  /** An item of getGroupApplicationList. */
  application?: Record<string, unknown>;
}

export interface GetGroupMemberListOptions {
  groupID: string;
  count?: number;
  offset?: number;
  filter?: number;
  role?: string;
}

/** The four types Parley runs (reference §11): Work, Public, Meeting and AVChatRoom. */
export const GROUP_TYPES: readonly string[] = [
  TYPES.GRP_WORK,
  TYPES.GRP_PUBLIC,
  TYPES.GRP_MEETING,
  TYPES.GRP_AVCHATROOM,
];
export const JOIN_OPTIONS: readonly string[] = [
  TYPES.JOIN_OPTIONS_FREE_ACCESS,
  TYPES.JOIN_OPTIONS_NEED_PERMISSION,
  TYPES.JOIN_OPTIONS_DISABLE_APPLY,
];
const SETTABLE_ROLES: readonly string[] = [TYPES.GRP_MBR_ROLE_ADMIN, TYPES.GRP_MBR_ROLE_MEMBER];
const CREATE_ROLES = SETTABLE_ROLES;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const isID = (v: unknown): v is string => typeof v === 'string' && v !== '';
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);
const isString = (v: unknown) => typeof v === 'string';
const isIDList = (v: unknown, max: number) => Array.isArray(v) && v.length <= max && v.every(isID);
const isFieldList = (v: unknown) =>
  Array.isArray(v) && v.every((f) => isRecord(f) && isID(f.key) && typeof f.value === 'string');

/** A group ID argument, given bare (`dismissGroup(groupID)`) or in options. */
export function checkGroupID(api: string, groupID: unknown): asserts groupID is string {
  assertParams(isID(groupID), api, 'groupID must be a non-empty string');
}

export function checkOptions(api: string, options: unknown): asserts options is { groupID: string } {
  assertParams(isRecord(options), api, 'options must be an object');
  checkGroupID(api, options.groupID);
}

/** Throws for malformed parameters; rejects (returns the error) for TIM's SDK-side refusals such as 2600. */
export function checkCreateGroup(options: CreateGroupOptions): Error | undefined {
  const api = 'createGroup';
  assertParams(isRecord(options), api, 'options must be an object');
  assertParams(isID(options.name), api, 'name is required');
  for (const key of ['type', 'groupID', 'introduction', 'notification', 'avatar', 'joinOption'] as const) {
    assertParams(optional(options[key], isString), api, `${key} must be a string`);
  }
  assertParams(optional(options.maxMemberNum, Number.isInteger), api, 'maxMemberNum must be an integer');
  assertParams(optional(options.groupCustomField, isFieldList), api, 'groupCustomField must be [{key, value}]');
  const members = options.memberList;
  assertParams(
    optional(members, (v) => Array.isArray(v) && v.every((m) => isRecord(m) && isID(m.userID))),
    api,
    'memberList must be [{userID, role?}]',
  );
  const type = options.type ?? TYPES.GRP_WORK;
  if (!GROUP_TYPES.includes(type)) return groupError('ILLEGAL_GRP_TYPE');
  if (options.groupID === '') return groupError('ILLEGAL_GRP_ID');
  if (members?.some((m) => m.role !== undefined && !CREATE_ROLES.includes(m.role))) {
    return groupError('INVALID_MEMBER_ROLE');
  }
  return undefined;
}

export function checkUpdateGroupProfile(options: UpdateGroupProfileOptions): void {
  const api = 'updateGroupProfile';
  checkOptions(api, options);
  for (const key of ['name', 'avatar', 'introduction', 'notification', 'joinOption', 'inviteOption'] as const) {
    assertParams(optional(options[key], isString), api, `${key} must be a string`);
  }
  assertParams(
    optional(options.muteAllMembers, (v) => typeof v === 'boolean'),
    api,
    'muteAllMembers: boolean',
  );
  assertParams(optional(options.groupCustomField, isFieldList), api, 'groupCustomField must be [{key, value}]');
}

export function checkJoinGroup(options: JoinGroupOptions): void {
  const api = 'joinGroup';
  checkOptions(api, options);
  assertParams(optional(options.applyMessage, isString), api, 'applyMessage must be a string');
  assertParams(optional(options.type, isString), api, 'type must be a string');
}

/** handleGroupApplication, and handleGroupInvitation (callExperimentalAPI, GRP23) whose options have the same shape. */
export function checkHandleApplication(options: HandleGroupApplicationOptions, api = 'handleGroupApplication'): void {
  assertParams(isRecord(options), api, 'options must be an object');
  assertParams(options.handleAction === 'Agree' || options.handleAction === 'Reject', api, 'handleAction');
  assertParams(optional(options.handleMessage, isString), api, 'handleMessage must be a string');
  assertParams(isRecord(options.message) || isRecord(options.application), api, 'message or application is required');
}

export function checkMemberList(options: GetGroupMemberListOptions): void {
  const api = 'getGroupMemberList';
  checkOptions(api, options);
  const { count, offset } = options;
  assertParams(
    optional(count, (v) => Number.isInteger(v) && (v as number) > 0),
    api,
    'count: positive integer',
  );
  assertParams(
    optional(offset, (v) => Number.isInteger(v) && (v as number) >= 0),
    api,
    'offset: integer ≥ 0',
  );
  assertParams(optional(options.role, isString), api, 'role must be a string');
}

export function checkUserIDList(api: string, options: { groupID: string; userIDList: string[] }, max: number): void {
  checkOptions(api, options);
  assertParams(isIDList(options.userIDList, max) && options.userIDList.length > 0, api, `userIDList: 1-${max} IDs`);
}

export function checkMuteTime(options: { groupID: string; userID: string; muteTime: number }, me: string) {
  const api = 'setGroupMemberMuteTime';
  checkOptions(api, options);
  assertParams(isID(options.userID), api, 'userID is required');
  assertParams(Number.isInteger(options.muteTime) && options.muteTime >= 0, api, 'muteTime: integer seconds ≥ 0');
  return options.userID === me ? groupError('CANNOT_MUTE_SELF') : undefined;
}

export function checkSetRole(options: { groupID: string; userID: string; role: string }, me: string) {
  const api = 'setGroupMemberRole';
  checkOptions(api, options);
  assertParams(isID(options.userID), api, 'userID is required');
  assertParams(isString(options.role), api, 'role must be a string');
  if (!SETTABLE_ROLES.includes(options.role)) return groupError('INVALID_MEMBER_ROLE');
  return options.userID === me ? groupError('CANNOT_SET_SELF_MEMBER_ROLE') : undefined;
}

export function checkMemberCustomField(options: {
  groupID: string;
  memberCustomField: CustomField[];
  userID?: string;
}): void {
  const api = 'setGroupMemberCustomField';
  checkOptions(api, options);
  assertParams(isFieldList(options.memberCustomField), api, 'memberCustomField must be [{key, value}]');
  assertParams(optional(options.userID, isID), api, 'userID must be a non-empty string');
}

export function checkNameCard(options: { groupID: string; nameCard: string; userID?: string }): void {
  const api = 'setGroupMemberNameCard';
  checkOptions(api, options);
  assertParams(isString(options.nameCard), api, 'nameCard must be a string');
  assertParams(optional(options.userID, isID), api, 'userID must be a non-empty string');
}

export function checkChangeOwner(options: { groupID: string; newOwnerID: string }, me: string) {
  const api = 'changeGroupOwner';
  checkOptions(api, options);
  assertParams(isID(options.newOwnerID), api, 'newOwnerID is required');
  return options.newOwnerID === me ? groupError('CANNOT_CHANGE_OWNER_TO_SELF') : undefined;
}

/** Group attributes (reference §5): `{k: string}`, at most 16 keys. */
export function checkAttributes(api: string, options: { groupID: string; groupAttributes: Record<string, string> }) {
  checkOptions(api, options);
  const attrs = options.groupAttributes;
  assertParams(
    isRecord(attrs) && Object.entries(attrs).every(([k, v]) => k !== '' && typeof v === 'string'),
    api,
    'groupAttributes must be {key: string}',
  );
}

export function checkKeyList(api: string, options: { groupID: string; keyList: string[] }) {
  checkOptions(api, options);
  assertParams(Array.isArray(options.keyList) && options.keyList.every(isID), api, 'keyList must be string[]');
}
