/** Calls signalling's part of the protocol (reference §8; decision 0038). */
export * from './constants.ts';
export * from './events.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './record.ts';
