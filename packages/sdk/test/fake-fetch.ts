import type { FetchLike } from '../src/index.ts';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown; raw?: string } | Error;
type Route = (req: Recorded) => Reply;

export const PROFILE = {
  userID: 'zhangwei',
  nick: '张伟',
  avatar: '/avatars/avatar-1.svg',
  gender: 'Gender_Type_Male',
  selfSignature: '',
  birthday: 19900101,
  allowType: 'AllowType_Type_AllowAny',
  location: '',
  language: 0,
  level: 0,
  role: 0,
  lastUpdatedTime: 0,
  profileCustomField: [],
} as const;

export const GOOD_SIG = 'sig-good';

/**
 * A fetch that answers like the Parley server for the handful of routes the SDK calls, and records every request.
 * Routes can be replaced per test to simulate failures.
 */
export function fakeFetch(overrides: Record<string, Route> = {}) {
  const requests: Recorded[] = [];
  const authed = (req: Recorded, reply: () => Reply): Reply =>
    req.authorization === `Bearer ${GOOD_SIG}` ? reply() : { status: 401, body: { code: 70003, message: 'corrupt' } };
  const routes: Record<string, Route> = {
    'GET /api/v1/profile': (req) => authed(req, () => ({ status: 200, body: PROFILE })),
    'PATCH /api/v1/profile': (req) =>
      authed(req, () => ({ status: 200, body: { ...PROFILE, ...(req.body as object) } })),
    'POST /api/v1/profiles/query': (req) =>
      authed(req, () => {
        const ids = (req.body as { userIDList: string[] }).userIDList;
        return { status: 200, body: { profiles: ids.map((userID) => ({ ...PROFILE, userID, nick: userID })) } };
      }),
    'GET /api/v1/features': (req) => authed(req, () => ({ status: 200, body: { features: { readReceipt: true } } })),
    'GET /api/v1/groups': (req) => authed(req, () => ({ status: 200, body: { groupList: [], isSyncCompleted: true } })),
    'GET /api/v1/conversations': (req) =>
      authed(req, () => ({ status: 200, body: { conversationList: [], syncVersion: 0, isSyncCompleted: true } })),
    ...overrides,
  };
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const req: Recorded = {
      method: init?.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    const route = routes[`${req.method} ${req.path}`];
    const reply = route ? route(req) : { status: 404, body: { code: 60008, message: 'No such route' } };
    if (reply instanceof Error) throw reply;
    const text = reply.raw ?? JSON.stringify(reply.body ?? {});
    return new Response(text, { status: reply.status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests };
}
