/** Message, user and group search: constants, routes and schemas (decision 0040). */
export * from './routes.ts';
export * from './schemas.ts';
