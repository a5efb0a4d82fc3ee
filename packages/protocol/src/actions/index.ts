export * from './constants.ts';
export * from './events.ts';
export * from './routes.ts';
export * from './schemas.ts';
