import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The web app's Content-Security-Policy (rule HDR1): scripts and styles only from this origin, no inline script or
 * style, no framing, images from this origin and data: URLs, media from this origin and local blobs, connections (fetch, WebSocket) only back here.
 * `nonce` is the entry page's own: the portal's component library (Ant Design) and the dialogs' scroll lock insert
 * `<style>` elements at run time, and only those carrying this response's nonce apply (decision 0008).
 */
export function contentSecurityPolicy(nonce?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    // The SDK reads a picked video's duration and snapshot frame from its blob: URL before uploading (decision 0016).
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of every answer that is not an HTML entry page. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** A fresh style nonce for one entry page: 128 random bits, base64 (a CSP nonce must not be guessable or reused). */
export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Headers on every answer, errors and static files included (HDR1, HDR2). An entry page sets its own CSP with its
 * nonce before this hook runs; every other answer gets the policy without one.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
  });
}
