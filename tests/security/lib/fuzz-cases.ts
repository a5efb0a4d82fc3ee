import fc from 'fast-check';
import { exampleOf, fillPath, type Operation } from './openapi.ts';

/** One generated HTTP request. `expect400` names the hostile value when only a 400 is a right answer. */
export interface FuzzCase {
  kind: 'random body' | 'mutated field' | 'hostile path' | 'content type';
  op: Operation;
  path: string;
  body: unknown;
  contentType?: string | undefined;
  expect400?: string | undefined;
}

/** Values every string schema must refuse (decision 0008): NUL anywhere. */
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'C2Ca\u0000b'];
/** Numbers out of every range the API has: PostgreSQL BIGINT overflows on some, SQLite stores others as REAL. */
const HUGE_NUMBERS = [1e20, 2 ** 63, 1e308, -1e20];
/** Hostile but not necessarily invalid: the server may accept them, but never with a 5xx. */
const ODD_VALUES: unknown[] = [
  '\ud800',
  '\u202e',
  "' OR '1'='1",
  '../../etc/passwd',
  '%00',
  'x'.repeat(20_000),
  -1,
  0.5,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  null,
  true,
  JSON.parse('{"__proto__":{"admin":true}}'),
];
/** Path segments that break decoding or length limits (decision 0008). */
const HOSTILE_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '..%2F..%2Fetc',
  'a'.repeat(2000),
  `C2C${'b'.repeat(300)}`,
  '%F0%9F%98',
];
const CONTENT_TYPES = [
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data',
  'application/xml',
  'application/json, text/plain',
  '',
];

type Path = (string | number)[];

/** Every string and number leaf of an example body, with its path. */
function leaves(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  if (typeof value === 'string' || typeof value === 'number') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

function replaced(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, next);
  return copy;
}

export interface FuzzWorld {
  ops: Operation[];
  hints: Record<string, unknown>;
  params: Record<string, string>;
}

function mutated(w: FuzzWorld): fc.Arbitrary<FuzzCase | undefined> {
  const withBody = w.ops.filter((op) => op.body);
  if (withBody.length === 0) return fc.constant(undefined);
  return fc
    .tuple(
      fc.constantFrom(...withBody),
      fc.nat(),
      fc.oneof(fc.constantFrom(...NUL_STRINGS), fc.constantFrom(...HUGE_NUMBERS), fc.constantFrom(...ODD_VALUES)),
    )
    .map(([op, pick, value]) => {
      const example = exampleOf(op.body, w.hints, '', true);
      const targets = leaves(example);
      const target = targets[pick % Math.max(1, targets.length)];
      if (!target) return undefined;
      const hostileNul = typeof value === 'string' && value.includes('\u0000') && typeof target.value === 'string';
      const hostileHuge = typeof value === 'number' && HUGE_NUMBERS.includes(value) && typeof target.value === 'number';
      const where = target.path.join('.');
      return {
        kind: 'mutated field',
        op,
        path: fillPath(op.template, w.params),
        body: replaced(example, target.path, value),
        expect400: hostileNul ? `NUL in ${where}` : hostileHuge ? `${value} in ${where}` : undefined,
      } satisfies FuzzCase;
    });
}

function randomBody(w: FuzzWorld): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(fc.constantFrom(...w.ops), fc.jsonValue({ maxDepth: 3 }))
    .map(([op, body]) => ({ kind: 'random body', op, path: fillPath(op.template, w.params), body }));
}

function hostilePath(w: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const segment = fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), fc.string({ maxLength: 40 }).map(encodeURIComponent));
  return fc.tuple(fc.constantFrom(...w.ops), segment, fc.boolean()).map(([op, seg, inQuery]) => {
    const nul = seg === '%00';
    const params = Object.fromEntries(op.pathParams.map((p) => [p.name, '__SEG__']));
    let path = fillPath(op.template, { ...w.params, ...params }).replaceAll('__SEG__', seg);
    if (inQuery || op.pathParams.length === 0) {
      const q = op.queryParams[0]?.name ?? 'x';
      path = `${fillPath(op.template, w.params)}?${q}=${seg}`;
    }
    const body = op.body ? exampleOf(op.body, w.hints) : undefined;
    return {
      kind: 'hostile path',
      op,
      path,
      body,
      expect400: nul && op.pathParams.length > 0 && !inQuery ? 'NUL in a path parameter' : undefined,
    };
  });
}

function contentType(w: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const writes = w.ops.filter((op) => op.method !== 'GET');
  return fc
    .tuple(fc.constantFrom(...writes), fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 60 }))
    .map(([op, type, raw]) => ({
      kind: 'content type',
      op,
      path: fillPath(op.template, w.params),
      body: raw,
      contentType: type,
    }));
}

/** `count` requests, generated by fast-check from `seed`: the same seed gives the same requests. */
export function httpCases(w: FuzzWorld, seed: number, count: number): FuzzCase[] {
  const arb = fc.oneof(randomBody(w), mutated(w), mutated(w), hostilePath(w), contentType(w));
  return fc.sample(arb, { seed, numRuns: count }).filter((c): c is FuzzCase => c !== undefined);
}

/** One WebSocket session's frames: text, JSON, binary, oversized, and raw bytes after the handshake. */
export type WsFrame = { text: string } | { binary: Uint8Array } | { raw: Uint8Array };

export function wsCases(seed: number, count: number): WsFrame[][] {
  const frame: fc.Arbitrary<WsFrame> = fc.oneof(
    fc.string({ maxLength: 200 }).map((text) => ({ text })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v) })),
    fc
      .constantFrom('{"type":"ping"}', '{"type":"pong"}', '{"type":"event"}', '{"type":"ping"', 'x'.repeat(70_000))
      .map((text) => ({ text })),
    fc.uint8Array({ maxLength: 300 }).map((binary) => ({ binary })),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((raw) => ({ raw })),
  );
  return fc.sample(fc.array(frame, { minLength: 1, maxLength: 5 }), { seed, numRuns: count });
}

/**
 * The systematic part: every string field of every body gets a NUL, every number field each huge number, every
 * path parameter each hostile segment. It grows with the OpenAPI document like the random part.
 */
export function edgeCases(w: FuzzWorld): FuzzCase[] {
  const out: FuzzCase[] = [];
  for (const op of w.ops) {
    const path = fillPath(op.template, w.params);
    const example = exampleOf(op.body, w.hints, '', true);
    for (const leaf of op.body ? leaves(example) : []) {
      const where = leaf.path.join('.');
      const values = typeof leaf.value === 'string' ? ['a\u0000b'] : HUGE_NUMBERS;
      for (const value of values) {
        const expect400 = typeof value === 'string' ? `NUL in ${where}` : `${value} in ${where}`;
        out.push({ kind: 'mutated field', op, path, body: replaced(example, leaf.path, value), expect400 });
      }
    }
    for (const p of op.pathParams) {
      for (const seg of HOSTILE_SEGMENTS) {
        const raw = fillPath(op.template, { ...w.params, [p.name]: '__SEG__' }).replaceAll('__SEG__', seg);
        const body = op.body ? exampleOf(op.body, w.hints) : undefined;
        out.push({
          kind: 'hostile path',
          op,
          path: raw,
          body,
          expect400: seg === '%00' ? `NUL in ${p.name}` : undefined,
        });
      }
    }
  }
  return out;
}
