/** Shared by the Playwright config (which passes it to the server) and the tests (which create users with it). */
export const E2E_ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
/** The console's first operator, made by the server from PARLEY_ADMIN_BOOTSTRAP (ADM10). */
export const E2E_CONSOLE_ADMIN = { name: 'e2e-operator', password: 'e2e-console-pass-0123' } as const;

/**
 * A screenshot for docs/screenshots, taken only when PARLEY_UPDATE_SCREENSHOTS=1: a normal test run leaves the
 * tracked pictures alone (and writes nowhere relative to its working directory).
 */
export async function docShot(page: { screenshot(o: { path: string }): Promise<unknown> }, name: string) {
  if (process.env.PARLEY_UPDATE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname });
}
