export * from './constants.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/profile.ts';
