/** Public surface of the server package, used by tests/ and bench/ only. */
export { buildApp, type BuildOverrides } from './app/build-app.ts';
export { type Config, ConfigError, loadConfig } from './app/config.ts';
export { DEMO_PASSWORD, DEMO_USERS } from './app/demo-seed.ts';
export { signUserSig } from './domain/auth/usersig.ts';
