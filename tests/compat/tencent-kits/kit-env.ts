/** Shared by the kit lane's Playwright config (which passes it to the server) and its spec (which creates users). */
export const KIT_ADMIN_KEY = 'kit-admin-key-0123456789abcdef';
