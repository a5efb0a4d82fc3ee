/** Conversation marks' part of the protocol (decision 0043, rules MARK1–MARK20). */
export * from './schemas.ts';
