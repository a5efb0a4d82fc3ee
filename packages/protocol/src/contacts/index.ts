/** Contacts' part of the protocol: friends, blocklist and presence (decision 0017). */
export * from './constants.ts';
export * from './routes.ts';
export * from './schemas.ts';
