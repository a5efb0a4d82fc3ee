import { setNonce } from 'get-nonce';

/**
 * The style nonce of this page (rule HDR1, decision 0008). The server puts a fresh one in every entry page's CSP
 * (`style-src 'self' 'nonce-…'`) and in `<meta property="csp-nonce" nonce="…">` (Vite's convention); a `<style>`
 * element inserted at run time applies only if it carries it. The browser hides the attribute once the page is
 * parsed: the `nonce` property keeps it. Undefined under Vite's dev server, which sends no CSP.
 */
export const cspNonce: string | undefined =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;

/** Ant Design's `csp` setting: its CSS-in-JS, icon and theme styles carry the nonce. */
export const antdCsp: { nonce?: string } = cspNonce ? { nonce: cspNonce } : {};

/**
 * Gives the nonce to the libraries that insert `<style>` elements outside React's props: the Radix dialogs' scroll
 * lock (react-remove-scroll → react-style-singleton, which reads it from `get-nonce`). Call once, before rendering.
 */
export function applyCspNonce(): void {
  if (cspNonce) setNonce(cspNonce);
}
