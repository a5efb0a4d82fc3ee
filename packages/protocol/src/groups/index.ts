export * from './constants.ts';
export * from './objects.ts';
export * from './requests.ts';
export * from './routes.ts';
export * from './events.ts';
