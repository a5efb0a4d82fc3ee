import type { Identity, RouteMeta } from './route-table.ts';

/** The display cookies the seed's guard reads (seed 001 §3); the server never trusts them (GUIDE §4). */
export interface GuardCookies {
  userid?: string | undefined;
  identity?: string | undefined;
}

export type GuardOutcome =
  | { kind: 'pass' }
  /** 'Please log in', then to `/`. */
  | { kind: 'login'; redirect: '/' }
  /** 'No permission'; the navigation is refused and the visitor stays where they were. */
  | { kind: 'forbidden' };

/** A missing, empty or 'undefined' userid means logged out (seed 001 §5, rule POR2). */
export function hasUser(cookies: GuardCookies): boolean {
  const id = cookies.userid?.trim();
  return Boolean(id) && id !== 'undefined' && id !== 'null';
}

/**
 * Seed 001 §5, rules POR2 and POR3: a route with `login` needs a userid cookie, then the identity cookie must be in
 * the route's identity list (an empty list lets every logged-in identity in). Routes without `login` always pass.
 */
export function guard(route: Pick<RouteMeta, 'login' | 'identity'>, cookies: GuardCookies): GuardOutcome {
  if (!route.login) return { kind: 'pass' };
  if (!hasUser(cookies)) return { kind: 'login', redirect: '/' };
  if (route.identity.length === 0) return { kind: 'pass' };
  const identity = Number(cookies.identity) as Identity;
  return route.identity.includes(identity) ? { kind: 'pass' } : { kind: 'forbidden' };
}

export function readCookies(source: string = globalThis.document?.cookie ?? ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}
