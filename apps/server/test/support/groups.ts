import { GROUP_ROUTES, type Group, type WireMessage, groupPath } from '@parley/protocol';
import type { BuildOverrides } from '../../src/app/build-app.ts';
import { type Chat, makeChat, nextID } from './messaging.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface Answer {
  status: number;
  code: number;
  json: Record<string, unknown>;
}

/** A chat app with helpers for the group routes; `code` is 0 on success, the error code otherwise. */
export interface GroupChat extends Chat {
  call: (as: string, method: Method, url: string, body?: unknown) => Promise<Answer>;
  create: (as: string, body: Record<string, unknown>) => Promise<Group>;
  say: (as: string, groupID: string, body?: Record<string, unknown>) => Promise<Answer>;
  groupHistory: (as: string, groupID: string) => Promise<WireMessage[]>;
  system: (as: string) => Promise<WireMessage[]>;
  close: () => Promise<void>;
}

export const path = groupPath;
export const R = GROUP_ROUTES;

export async function makeGroupChat(
  kind: 'sqlite' | 'postgres',
  users: string[],
  env: Record<string, string> = {},
  overrides: BuildOverrides = {},
): Promise<GroupChat> {
  // Group tests exercise permissions, not budgets: the budget rules (LIM5, ABU20) have their own tests.
  const chat = await makeChat(kind, users, {
    env: { PARLEY_RATE_SENDS: '0', PARLEY_RATE_GROUP_WRITES: '0', ...env },
    overrides,
  });
  const call = async (as: string, method: Method, url: string, body?: unknown): Promise<Answer> => {
    const res = await chat.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${chat.sigs[as] ?? ''}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.json() as Record<string, unknown>;
    return { status: res.statusCode, code: res.statusCode === 200 ? 0 : Number(json.code), json };
  };
  const create = async (as: string, body: Record<string, unknown>) => {
    const res = await call(as, 'POST', R.groups, body);
    if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.json)}`);
    return res.json.group as Group;
  };
  const say = (as: string, groupID: string, body: Record<string, unknown> = {}) =>
    call(as, 'POST', '/api/v1/messages', {
      ID: nextID(),
      conversationType: 'GROUP',
      to: groupID,
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      ...body,
    });
  const groupHistory = async (as: string, groupID: string) =>
    (await chat.history(as, encodeURIComponent(`GROUP${groupID}`), '?count=100')).messageList;
  const system = async (as: string) =>
    (await chat.history(as, encodeURIComponent('@TIM#SYSTEM'), '?count=100')).messageList;
  return { ...chat, call, create, say, groupHistory, system };
}
