/** Message, user and group search: constants, routes and schemas (decision 0040). */
export * from './schemas.ts';
