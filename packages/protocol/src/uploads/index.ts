/** Uploads' part of the protocol: kinds and limits, safe media URLs, schemas (decision 0016). */
export * from './constants.ts';
export * from './safe-url.ts';
export * from './schemas.ts';
