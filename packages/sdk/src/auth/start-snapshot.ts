import type { ConversationList, Profile } from '@parley/protocol';
import type { Logger } from '../core/logger.ts';

/**
 * Parley extension of `login` (not in the reference API): what the server already put into the page, so the SDK
 * can be ready without a round trip (rule SDK9). The userSig check, the socket and the catch-up
 * still run, in the background.
 */
export interface StartSnapshot {
  /** The first conversation page exactly as `GET /api/v1/conversations?since=0` answers it for this user. */
  conversations: ConversationList;
  /** The user's own profile, when known (the browser session carries it). */
  profile?: Profile;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The snapshot if it is usable for this user, else undefined: a malformed one (or one for another user) is
 * ignored with a warning and login takes the ordinary path, which is always correct, only slower.
 */
export function readSnapshot(value: unknown, userID: string, logger: Logger): StartSnapshot | undefined {
  if (value === undefined || value === null) return undefined;
  const list = isObject(value) ? value.conversations : undefined;
  const rowsOk =
    isObject(list) &&
    Array.isArray(list.conversationList) &&
    list.conversationList.every((row) => isObject(row) && typeof row.conversationID === 'string') &&
    Number.isInteger(list.syncVersion) &&
    (list.syncVersion as number) >= 0;
  const profile = isObject(value) ? value.profile : undefined;
  const profileOk = profile === undefined || (isObject(profile) && profile.userID === userID);
  if (!rowsOk || !profileOk) {
    logger.warn('login: the start snapshot is malformed or not for this user; ignored');
    return undefined;
  }
  return value as unknown as StartSnapshot;
}
