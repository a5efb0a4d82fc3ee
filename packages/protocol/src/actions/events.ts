import type { WireMessage } from '../schemas/message.ts';
import type { WireReaction } from './schemas.ts';

/**
 * Message action push events (decision 0015). `conversationID` is the stored key's view for each receiver, so events carry
 * the message itself and the SDK derives the conversation from it. Push is a hint: a client that missed one gets
 * the change from `GET …/changes` (rule ACT9).
 */
export type ActionPushEvent =
  /** modify or revoke: the message as it now is (`isRevoked`, `isModified`, `version`). */
  | { type: 'message.changed'; kind: 'modified' | 'revoked'; message: WireMessage; changeSequence: number }
  /** deleteMessage on one of my devices: hide them on the others. */
  | { type: 'message.deleted'; conversationID: string; messageIDList: string[] }
  | {
      type: 'message.reactions';
      message: Pick<WireMessage, 'ID' | 'from' | 'to' | 'conversationType'>;
      reactionList: WireReaction[];
      /** Who toggled which reaction: receivers keep their own `reactedByMyself` from it. */
      operatorID: string;
      reactionID: string;
      added: boolean;
      changeSequence: number;
    }
  /** A C2C read receipt, to the sender: `conversationID` as the sender sees it. */
  | { type: 'message.receipt'; conversationID: string; userID: string; messageIDList: string[]; timestamp: number };
