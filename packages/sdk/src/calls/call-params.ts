/** Checks of the signalling methods' options (reference §8), before anything goes on the wire. */
import { CALL_LIMITS } from '@parley/protocol';
import { assertParams } from '../core/guard.ts';

export interface InviteOptions {
  userID: string;
  data?: string;
  timeout?: number;
  onlineUserOnly?: boolean;
  offlinePushInfo?: unknown;
}

export interface InviteInGroupOptions {
  groupID: string;
  inviteeList: string[];
  data?: string;
  timeout?: number;
  onlineUserOnly?: boolean;
  offlinePushInfo?: unknown;
}

export interface AnswerOptions {
  inviteID: string;
  data?: string;
}

export interface MediaSignalOptions {
  inviteID: string;
  userID: string;
  data: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';

function checkCommon(api: string, o: Record<string, unknown>): void {
  assertParams(o.data === undefined || typeof o.data === 'string', api, 'data must be a string');
  assertParams(
    o.timeout === undefined ||
      (typeof o.timeout === 'number' &&
        Number.isInteger(o.timeout) &&
        o.timeout >= 0 &&
        o.timeout <= CALL_LIMITS.maxTimeoutSeconds),
    api,
    `timeout must be whole seconds, 0–${CALL_LIMITS.maxTimeoutSeconds}`,
  );
  assertParams(
    o.onlineUserOnly === undefined || typeof o.onlineUserOnly === 'boolean',
    api,
    'onlineUserOnly must be a boolean',
  );
}

export function checkInvite(api: string, o: unknown): asserts o is InviteOptions {
  assertParams(isObject(o), api, 'options must be an object');
  assertParams(nonEmpty(o.userID), api, 'userID must be a non-empty string');
  checkCommon(api, o);
}

export function checkInviteInGroup(api: string, o: unknown): asserts o is InviteInGroupOptions {
  assertParams(isObject(o), api, 'options must be an object');
  assertParams(nonEmpty(o.groupID), api, 'groupID must be a non-empty string');
  assertParams(
    Array.isArray(o.inviteeList) && o.inviteeList.length > 0 && o.inviteeList.every(nonEmpty),
    api,
    'inviteeList must be a non-empty array of user IDs',
  );
  checkCommon(api, o);
}

export function checkAnswer(api: string, o: unknown, dataRequired = false): asserts o is AnswerOptions {
  assertParams(isObject(o), api, 'options must be an object');
  assertParams(nonEmpty(o.inviteID), api, 'inviteID must be a non-empty string');
  assertParams(
    dataRequired ? typeof o.data === 'string' : o.data === undefined || typeof o.data === 'string',
    api,
    'data must be a string',
  );
}

export function checkMediaSignal(api: string, o: unknown): asserts o is MediaSignalOptions {
  assertParams(isObject(o), api, 'options must be an object');
  assertParams(nonEmpty(o.inviteID), api, 'inviteID must be a non-empty string');
  assertParams(nonEmpty(o.userID), api, 'userID must be a non-empty string');
  assertParams(
    nonEmpty(o.data) && o.data.length <= CALL_LIMITS.mediaSignalChars,
    api,
    `data must be a non-empty string of at most ${CALL_LIMITS.mediaSignalChars} characters`,
  );
}

/** Only the fields the server takes: `offlinePushInfo` is accepted and dropped (no offline push, decision 0038). */
export function inviteBody(inviteID: string, o: InviteOptions | InviteInGroupOptions): Record<string, unknown> {
  const body: Record<string, unknown> = { inviteID };
  if ('userID' in o) body.userID = o.userID;
  else {
    body.groupID = o.groupID;
    body.inviteeList = o.inviteeList;
  }
  if (o.data !== undefined) body.data = o.data;
  if (o.timeout !== undefined) body.timeout = o.timeout;
  if (o.onlineUserOnly !== undefined) body.onlineUserOnly = o.onlineUserOnly;
  return body;
}

let counter = 0;
/** A fresh inviteID, made here so inviteSync can return it at once (reference §8). Unique per inviter (8012). */
export function newInviteID(userID: string, nowMs: number, random: () => number): string {
  counter = (counter + 1) % 1_000_000;
  const rand = Math.floor(random() * 0xffffffff).toString(36);
  // The unique part first: a long userID is what gets cut.
  return `${nowMs.toString(36)}-${counter.toString(36)}-${rand}-${userID}`
    .slice(0, 64)
    .replace(/[^A-Za-z0-9_.:-]/g, '_');
}
