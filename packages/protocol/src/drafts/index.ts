/** Conversation drafts' part of the protocol (decision 0041, rules DRF1–DRF20). */
export * from './schemas.ts';
