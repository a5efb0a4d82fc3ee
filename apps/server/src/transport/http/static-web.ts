import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/admin/', '/tapi/', '/ws', '/healthz', '/readyz', '/openapi.json'];

/**
 * Serves the built web app. Unknown GET paths that are not API paths get index.html, so client-side
 * routes (/chat, /user_chat, ...) survive a reload.
 */
export async function serveWebApp(app: FastifyInstance, webDir: string | undefined): Promise<boolean> {
  if (!webDir || !existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    setHeaders: (res, path) => {
      res.header('X-Content-Type-Options', 'nosniff');
      // Hashed asset names never change content; index.html must always be revalidated.
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function isSpaPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  if (API_PREFIXES.some((p) => path.startsWith(p))) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}
