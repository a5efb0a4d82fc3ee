/** The message actions' part of the protocol: constants, events, routes and schemas (decision 0015). */
export * from './constants.ts';
export * from './events.ts';
export * from './routes.ts';
export * from './schemas.ts';
