import {
  CONTACT_LIMITS as L,
  FRIEND_ADD_TYPE,
  FRIEND_APPLICATION_TYPE,
  FRIEND_CHECK_TYPE,
  FRIEND_DELETE_TYPE,
  FRIEND_RESPONSE,
} from '@parley/protocol';
import { assertParams } from '../core/guard.ts';

export interface AddFriendOptions {
  to: string;
  source: string;
  wording?: string;
  type?: string;
  remark?: string;
  groupName?: string;
}
export interface UserIDListOptions {
  userIDList: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const oneOf = (v: unknown, values: Record<string, string>) =>
  v === undefined || Object.values(values).includes(v as string);
const optString = (v: unknown) => v === undefined || typeof v === 'string';

/** Checks a `userIDList` of strings, at most `max` (the reference's limit); a longer list is a parameter error. */
export function idList(api: string, options: unknown, max: number, required = true): string[] | undefined {
  assertParams(isObject(options) || (!required && options === undefined), api, 'options must be an object');
  const list = (options as { userIDList?: unknown } | undefined)?.userIDList;
  if (list === undefined && !required) return undefined;
  assertParams(Array.isArray(list) && list.every((id) => typeof id === 'string'), api, 'userIDList must be string[]');
  assertParams(list.length <= max, api, `userIDList holds at most ${max} IDs`);
  return [...new Set(list as string[])];
}

export function checkAddFriend(options: AddFriendOptions): void {
  const api = 'addFriend';
  assertParams(isObject(options), api, 'options must be an object');
  assertParams(typeof options.to === 'string' && options.to !== '', api, 'to must be a user ID');
  assertParams(
    typeof options.source === 'string' && /^AddSource_Type_/.test(options.source),
    api,
    "source must be 'AddSource_Type_<name>'",
  );
  assertParams(
    optString(options.wording) && optString(options.remark) && optString(options.groupName),
    api,
    'wording, remark and groupName are strings',
  );
  assertParams(
    oneOf(options.type, FRIEND_ADD_TYPE),
    api,
    'type must be TYPES.SNS_ADD_TYPE_BOTH or SNS_ADD_TYPE_SINGLE',
  );
}

export function checkDeleteFriend(options: { userIDList: string[]; type?: string }): string[] {
  const ids = idList('deleteFriend', options, L.friendBatch) as string[];
  assertParams(oneOf(options.type, FRIEND_DELETE_TYPE), 'deleteFriend', 'type must be a TYPES.SNS_DELETE_TYPE_*');
  return ids;
}

export function checkCheckFriend(options: { userIDList: string[]; type?: string }): string[] {
  const ids = idList('checkFriend', options, L.checkBatch) as string[];
  assertParams(oneOf(options.type, FRIEND_CHECK_TYPE), 'checkFriend', 'type must be a TYPES.SNS_CHECK_TYPE_*');
  return ids;
}

export function checkAccept(options: { userID: string; remark?: string; type?: string }): void {
  assertParams(
    isObject(options) && typeof options.userID === 'string',
    'acceptFriendApplication',
    'userID is required',
  );
  assertParams(
    oneOf(options.type, FRIEND_RESPONSE),
    'acceptFriendApplication',
    'type must be a TYPES.SNS_APPLICATION_AGREE*',
  );
  assertParams(optString(options.remark), 'acceptFriendApplication', 'remark must be a string');
}

export function checkDeleteApplication(options: { userID: string; type: string }): void {
  assertParams(
    isObject(options) && typeof options.userID === 'string',
    'deleteFriendApplication',
    'userID is required',
  );
  assertParams(
    options.type === FRIEND_APPLICATION_TYPE.SENT_TO_ME || options.type === FRIEND_APPLICATION_TYPE.SENT_BY_ME,
    'deleteFriendApplication',
    'type must be TYPES.SNS_APPLICATION_SENT_TO_ME or SNS_APPLICATION_SENT_BY_ME',
  );
}

export function checkUserID(api: string, options: { userID: string }): void {
  assertParams(
    isObject(options) && typeof options.userID === 'string' && options.userID !== '',
    api,
    'userID is required',
  );
}
