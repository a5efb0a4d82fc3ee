import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/** The Parley server during development (`npm run dev` starts it on this port). */
const SERVER = 'http://127.0.0.1:8080';

/**
 * What every page loads anyway: the session and SDK (with the protocol) and the shared components. Not the logout
 * dialog and its hook, nor the login form: they bring Ant Design and load lazily. A group also takes what its modules
 * import, so nothing matched here may import antd, directly or through its static imports (test/app-shell.test.ts).
 * (The bundler's runtime stays a chunk of its own; groups cannot take it.)
 */
export const APP_SHELL =
  /(apps[\\/]web[\\/]src[\\/](session[\\/](?!use-logout)|components[\\/](?!logout-dialog|login-form))|packages[\\/](sdk|protocol)[\\/]|node_modules[\\/]get-nonce[\\/])/;

/** The libraries every page needs. */
const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/;

/**
 * PERF2: what the chat's first paint needs from the kit (the provider and its stores, hooks, icons, i18n, the
 * conversation list, Radix's menus and what they stand on) in one chunk. The lazily loaded parts (the open chat, the
 * call screens, the dialogs) share these modules, and left to itself the bundler cuts each shared module into a chunk
 * of its own: a cold /chat then needs more requests than one wave of the browser's six connections per host. Not
 * Radix's dialog nor the delete dialog: the first paint shows no dialog (PERF4). A group also takes what its modules
 * import, so nothing here may import antd (the portal's first load must not grow) nor a lazily loaded part.
 */
export const CHAT_COMMON = new RegExp(
  [
    String.raw`packages[\\/]chat-react[\\/]src[\\/](hooks|icons|provider|i18n)[\\/]`,
    String.raw`packages[\\/]chat-react[\\/]src[\\/]conversation-list[\\/](?!delete-dialog)`,
    String.raw`node_modules[\\/](@radix-ui[\\/](?!react-dialog[\\/])|@floating-ui[\\/]|aria-hidden[\\/]|tslib[\\/])`,
    String.raw`node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-callback-ref|use-sidecar|react-style-singleton)[\\/]`,
  ].join('|'),
);

/**
 * antd's dialogs lock the page's scroll with `@rc-component/portal`'s useScrollLocker, which inserts `<style>` elements
 * without the CSP nonce (rule HDR1, decision 0008): src/csp-scroll-lock.ts, which uses the CSSOM, takes its place.
 * The e2e test HDR1 opens an antd dialog and fails if the swap stops matching (a renamed file in a new version).
 */
const cspScrollLock: Plugin = {
  name: 'parley-csp-scroll-lock',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== './useScrollLocker' || !importer || !/[\\/]@rc-component[\\/]portal[\\/]/.test(importer))
      return null;
    return fileURLToPath(new URL('./src/csp-scroll-lock.ts', import.meta.url));
  },
};

export default defineConfig({
  plugins: [react(), cspScrollLock],
  // Workspace packages build from their TypeScript source ("source" export condition, decision 0014).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    proxy: {
      '/api': SERVER,
      '/admin': SERVER,
      '/tapi': SERVER,
      '/healthz': SERVER,
      '/readyz': SERVER,
      '/openapi.json': SERVER,
      '/ws': { target: SERVER, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads it to list the chat chunks as modulepreload links on the chat
    // routes' entry page, so the entry and the lazy chat chunk load in one round trip (decision 0009).
    manifest: true,
    // One stylesheet for every page (the chat kit's rules are all scoped under .pc-*): one request fewer on the
    // chat's first load, where Chromium's six connections per host are the limit (decision 0009).
    cssCodeSplit: false,
    rolldownOptions: {
      // The protocol's TypeBox schemas are built at module level, which a bundler must assume has side effects; the
      // browser uses only the protocol's constants and types (the server validates), so unused schemas and the
      // TypeBox builders behind them are dropped. Every builder the protocol calls is listed.
      treeshake: {
        manualPureFunctions: ['Type'],
      },
      output: {
        // The libraries every page needs get one named, long-cached chunk; the rest splits by route as usual
        // (the chat and the antd portal stay apart). The small modules shared by the entry and the pages (session
        // and SDK, headers, spinner) form one chunk instead of four: a cold /chat then needs six requests (entry,
        // runtime, vendor, shell, chat, stylesheet), within the browser's six parallel connections (decision 0009).
        codeSplitting: {
          groups: [
            // PERF2: React, the router and i18n share the shell's chunk (they were 'react-vendor'): one request
            // fewer on every page, which a cold /chat needs to load within one wave of six connections.
            {
              name: 'app-shell',
              test: (id) => VENDOR.test(id) || APP_SHELL.test(id),
            },
            {
              name: 'chat-common',
              test: CHAT_COMMON,
            },
          ],
        },
      },
    },
  },
});
