import type { GroupReadReceipt } from './objects.ts';

/**
 * Group push events, inside `{type: 'event', event}` frames beside the ones of schemas/push.ts. Group messages,
 * tips (conversationType 'GROUP') and system notices (conversationType '@TIM#SYSTEM') arrive as `message.new`.
 * Push is a hint: a client that missed one converges with getGroupList / getGroupProfile and catch-up.
 */
export type GroupPushEvent =
  /** The group's profile or my membership changed; `isMember` false when I left, was removed, or it was dismissed. */
  | { type: 'group.changed'; groupID: string; isMember: boolean }
  /** GROUP_ATTRIBUTES_UPDATED. */
  | {
      type: 'group.attributes';
      groupID: string;
      groupAttributes: Record<string, string>;
      updatedKeyList: string[];
      deletedKeyList: string[];
    }
  /** MESSAGE_READ_RECEIPT_RECEIVED (group): new counts of my messages that asked for a receipt. */
  | { type: 'group.read-receipt'; receipts: GroupReadReceipt[] }
  /** A join application I could answer was answered (by me or another admin): it is handled for all. */
  | { type: 'group.application-handled'; groupID: string; applicant: string; handleAction: string };
