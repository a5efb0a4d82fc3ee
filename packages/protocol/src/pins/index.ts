/** Pinned group messages' part of the protocol (decision 0041, rules PIN1–PIN20). */
export * from './schemas.ts';
