import type { TurnSettings } from '../domain/call-media/ice-servers.ts';

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => Error;

const ICE_URL = /^(stuns?|turns?):[^\s,]+$/;

function urlList(env: Env, name: string, schemes: readonly string[], fail: Fail): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const url of list) {
    const scheme = url.split(':')[0] ?? '';
    if (!ICE_URL.test(url) || !schemes.includes(scheme)) {
      throw fail(name, `"${url}" is not a ${schemes.join(':/')}: URL like ${schemes[0]}:turn.example.com:3478`);
    }
  }
  return list;
}

/**
 * STUN and TURN for calls (decision 0039, CALL4): PARLEY_TURN_URLS (comma-separated turn:/turns: URLs),
 * PARLEY_TURN_SECRET (coturn's static-auth-secret, at least 16 characters), PARLEY_TURN_TTL_S (credential lifetime,
 * default 86400), PARLEY_STUN_URLS (default: the TURN hosts as stun: URLs, since coturn answers STUN too) and
 * PARLEY_ICE_TRANSPORT_POLICY (all, or relay: media only through TURN, CALL6).
 */
export function loadTurn(env: Env, ttl: (name: string, fallback: number) => number, fail: Fail): TurnSettings {
  const turnUrls = urlList(env, 'PARLEY_TURN_URLS', ['turn', 'turns'], fail);
  const explicitStun = urlList(env, 'PARLEY_STUN_URLS', ['stun', 'stuns'], fail);
  const secret = env.PARLEY_TURN_SECRET ?? '';
  if (turnUrls.length > 0 && secret.length < 16) {
    throw fail('PARLEY_TURN_SECRET', 'must be set (at least 16 characters) when PARLEY_TURN_URLS is');
  }
  const stunUrls =
    explicitStun.length > 0 || env.PARLEY_STUN_URLS !== undefined
      ? explicitStun
      : [...new Set(turnUrls.filter((u) => u.startsWith('turn:')).map((u) => `stun:${u.slice(5).split('?')[0]}`))];
  const policy = env.PARLEY_ICE_TRANSPORT_POLICY || 'all';
  if (policy !== 'all' && policy !== 'relay') throw fail('PARLEY_ICE_TRANSPORT_POLICY', 'expected all or relay');
  if (policy === 'relay' && turnUrls.length === 0) {
    throw fail('PARLEY_ICE_TRANSPORT_POLICY', 'relay needs a TURN server (PARLEY_TURN_URLS)');
  }
  return { stunUrls, turnUrls, secret, ttlSeconds: ttl('PARLEY_TURN_TTL_S', 86_400), policy };
}
