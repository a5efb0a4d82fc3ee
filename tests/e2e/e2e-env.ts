/** Shared by the Playwright config (which passes it to the server) and the tests (which create users with it). */
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
