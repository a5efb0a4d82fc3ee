import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_CONSOLE_PAGES, SESSION_COOKIE } from '@parley/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { resumeSession } from '../../domain/auth/session-actions.ts';
import type { Domain } from '../../domain/context.ts';
import { listConversations } from '../../domain/conversations/actions.ts';
import { CHAT_PAGES, chatPreloadTags, nonceMetaTag } from './entry-page.ts';
import { contentSecurityPolicy, newStyleNonce } from './security-headers.ts';

const API_PREFIXES = ['/api/', '/admin/', '/tapi/', '/ws', '/healthz', '/readyz', '/openapi.json'];

/** The pages a visit usually starts on: their HTML carries the session, saving the probe's round trip. */
export const SESSION_PAGES = ['/', '/chat', '/user_chat', '/cuser_chat', '/login'] as const;
export const SESSION_ELEMENT_ID = 'parley-session';

/**
 * The session (or `null` for a visitor) as a JSON data block the web app reads instead of probing (decision 0009).
 * A data block is never executed, so the CSP's script-src is untouched; `<` is escaped so no value can end it.
 */
export function sessionBlock(session: unknown): string {
  const json = JSON.stringify(session ?? null).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_ELEMENT_ID}">${json}</script>`;
}

/**
 * The entry page's session. On a chat route a live session also carries `chatStart`, the first conversation page
 * exactly as `GET /api/v1/conversations?since=0` answers it, for the SDK's start snapshot (rule SDK9).
 */
async function pageSession(d: Domain, sessionID: string | undefined, chat: boolean): Promise<unknown> {
  const session = await resumeSession(d, sessionID);
  if (!session || !chat) return session;
  return { ...session, chatStart: await listConversations(d, session.userID, 0) };
}

/** One entry page: a fresh style nonce in its CSP and its `<meta>` (HDR1), then `extra` (the session block). */
function sendEntryPage(reply: FastifyReply, html: string, extra = ''): string {
  const nonce = newStyleNonce();
  reply.header('content-security-policy', contentSecurityPolicy(nonce)).type('text/html; charset=utf-8');
  return html.replace('</head>', `${nonceMetaTag(nonce)}${extra}</head>`);
}

/**
 * Serves the built web app. Every client-side route (/chat, /user_chat, a portal page, ...) gets index.html with its
 * own style nonce, so a reload on any of them runs under the strict CSP (HDR1); index.html itself is never served
 * as a file (it would lack the nonce). The usual entry pages also carry the session and `Cache-Control: no-store`,
 * since it holds a userSig (rule HDR3); the chat routes' page also preloads the chat chunk and carries the first
 * conversation page (decision 0009). Paths that are not client routes (API, missing files) fall through to 404.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string | undefined, d?: Domain): Promise<boolean> {
  if (!webDir || !existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (res, path) => {
      res.header('X-Content-Type-Options', 'nosniff');
      // Hashed asset names never change content; anything else is revalidated.
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const html = readFileSync(join(webDir, 'index.html'), 'utf8');
  const chatHtml = html.replace('</head>', `${chatPreloadTags(webDir)}</head>`);
  for (const path of SESSION_PAGES) {
    const chat = CHAT_PAGES.includes(path);
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const session = d ? sessionBlock(await pageSession(d, request.cookies[SESSION_COOKIE], chat)) : '';
      reply.header('cache-control', 'no-store');
      return sendEntryPage(reply, chat ? chatHtml : html, session);
    });
  }
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (!isSpaPath(request.method, request.url)) return reply.callNotFound();
    reply.header('cache-control', 'no-cache');
    return sendEntryPage(reply, html);
  });
  return true;
}

/** The admin console's pages (ADM3): the web app, although `/admin/` is otherwise the admin APIs' prefix. */
const isConsolePage = (path: string) =>
  path === ADMIN_CONSOLE_PAGES.prefix || path.startsWith(`${ADMIN_CONSOLE_PAGES.prefix}/`);

export function isSpaPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (isConsolePage(path)) return !/\.[a-z0-9]+$/i.test(path);
  if (API_PREFIXES.some((p) => path.startsWith(p))) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}
