export * from './constants.ts';
export * from './safe-url.ts';
export * from './schemas.ts';
