/** Groups' part of the protocol: constants, objects, requests and events (decision 0012). */
export * from './constants.ts';
export * from './objects.ts';
export * from './requests.ts';
export * from './routes.ts';
export * from './events.ts';
