/**
 * Conversation groups and custom data kept on the server per user (decision 0049): getConversationGroupList,
 * createConversationGroup, deleteConversationGroup, renameConversationGroup, addConversationsToGroup,
 * deleteConversationsFromGroup and setConversationCustomData, declared for the registry (decision 0029).
 */
import {
  CONVERSATION_GROUP_LIMITS as L,
  CONVERSATION_GROUP_ROUTES as R,
  CONVERSATION_ID_PATTERN,
  type ConversationGroupList,
  type ConversationListResult,
  ERRORS,
} from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import type { ChatEvent } from '../core/emitter.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { Conversation } from '../conversation/conversation.ts';
import type { ConversationState } from '../conversation/conversation.ts';

type Response<T> = Promise<ChatResponse<T>>;
export type { ConversationListResult };

export interface ConversationGroupMembersOptions {
  conversationIDList: string[];
  groupName: string;
}

export interface SetConversationCustomDataOptions {
  conversationIDList: string[];
  customData: string;
}

const CONVERSATION_ID = new RegExp(CONVERSATION_ID_PATTERN);
const bytes = (text: string) => new TextEncoder().encode(text).length;

/** CGRP2: a name of 1–32 UTF-8 bytes; TIM throws for a bad parameter before any request. */
function checkName(api: string, name: unknown, field = 'groupName'): asserts name is string {
  assertParams(typeof name === 'string' && name !== '', api, `${field} must be a non-empty string`);
  assertParams(bytes(name) <= L.nameBytes, api, `${field} is at most ${L.nameBytes} bytes`);
}

function checkList(api: string, list: unknown, allowEmpty = false): asserts list is string[] {
  assertParams(
    Array.isArray(list) && (allowEmpty || list.length > 0) && list.every((id) => typeof id === 'string' && id !== ''),
    api,
    'conversationIDList must be a non-empty array of strings',
  );
  assertParams(list.length <= L.listSize, api, `conversationIDList ≤ ${L.listSize}`);
}

const emptyResult = (): ConversationListResult => ({ successConversationIDList: [], failureConversationIDList: [] });

export class ConversationGroupPart {
  readonly host: SdkHost;
  #groups: string[] | null = null;
  /** Each group's conversations as last told (CONVERSATION_IN_GROUP_UPDATED fires when one changes). */
  #members = new Map<string, string>();
  #epoch = 0;
  readonly #onList = (event: ChatEvent<Conversation[]>) => this.#inGroupChanged(event.data);

  constructor(host: SdkHost) {
    this.host = host;
  }

  /** The names as last read or pushed; null before the application first asked. */
  get groups(): string[] | null {
    return this.#groups;
  }

  /** Reads the names from the server; with `emit`, CONVERSATION_GROUP_LIST_UPDATED follows when they changed. */
  async load(emit: boolean): Promise<string[]> {
    const epoch = this.#epoch;
    const { groupList } = await this.host.http.get<ConversationGroupList>(R.groups);
    if (epoch === this.#epoch) this.setGroups(groupList, emit);
    return [...groupList];
  }

  setGroups(groupList: string[], emit: boolean): void {
    const changed = JSON.stringify(groupList) !== JSON.stringify(this.#groups);
    this.#groups = [...groupList];
    if (emit && changed) this.host.emitter.emit(EVENT.CONVERSATION_GROUP_LIST_UPDATED, [...groupList]);
  }

  /** A push (CGRP9) or a reconnect: the names as the server has them now. */
  pushed(groupList: string[]): void {
    this.setGroups(groupList, true);
  }

  refresh(): void {
    if (this.#groups)
      this.load(true).catch((err: unknown) => this.host.logger.warn('conversation groups read failed:', err));
  }

  ready(): void {
    this.#members = this.#membership(this.host.live.conversations.list());
    this.host.emitter.on(EVENT.CONVERSATION_LIST_UPDATED, this.#onList);
  }

  reset(): void {
    this.host.emitter.off(EVENT.CONVERSATION_LIST_UPDATED, this.#onList);
    this.#groups = null;
    this.#members = new Map();
    this.#epoch += 1;
  }

  /**
   * One write, then this device's copy follows at once (so getConversationList right after the answer shows it)
   * rather than at the push the server sends every device of mine. `rows` rewrites one row's groups or data.
   */
  async write(
    route: string,
    body: Record<string, unknown>,
    rows: (state: ConversationState) => Partial<ConversationState> | undefined,
    ids?: string[],
  ): Promise<ConversationListResult> {
    const valid = ids ? [...new Set(ids)].filter((id) => CONVERSATION_ID.test(id)) : undefined;
    const invalid = ids ? [...new Set(ids.filter((id) => !CONVERSATION_ID.test(id)))] : [];
    const { code, message } = ERRORS.INVALID_CONV_ID;
    const answer =
      valid && valid.length === 0 && route !== R.groups
        ? emptyResult()
        : await this.host.http.post<ConversationListResult | Record<string, never>>(route, {
            ...body,
            ...(valid ? { conversationIDList: valid } : {}),
          });
    const result: ConversationListResult = {
      successConversationIDList: 'successConversationIDList' in answer ? answer.successConversationIDList : [],
      failureConversationIDList: [
        ...('failureConversationIDList' in answer ? answer.failureConversationIDList : []),
        ...invalid.map((conversationID) => ({ conversationID, code, message })),
      ],
    };
    const { live } = this.host;
    await live.queue.run(() => {
      const touched = ids ? result.successConversationIDList : live.conversations.list().map((c) => c.conversationID);
      for (const id of touched) {
        const state = live.conversations.state(id);
        if (!state) {
          live.sync.requestResync(); // a peer never messaged: the server made the conversation (CGRP5)
          continue;
        }
        const fields = rows(state);
        if (fields) live.conversations.patch(id, fields);
      }
    });
    return result;
  }

  /** createConversationGroup: the group with its first conversations, then the names read again. */
  async create(groupName: string, ids: string[]): Response<ConversationListResult> {
    const result = await this.write(R.groups, { groupName }, (s) => withName(s, groupName, true, null), ids);
    await this.reload();
    return ok(result);
  }

  /** deleteConversationGroup, renameConversationGroup: every row of mine that names the group follows. */
  async rewrite(
    route: string,
    body: Record<string, unknown>,
    rows: (state: ConversationState) => Partial<ConversationState> | undefined,
  ): Response<Record<string, never>> {
    await this.write(route, body, rows);
    await this.reload();
    return ok({});
  }

  /** The group list after a write of mine: read again, so this device's event comes from the server's answer. */
  async reload(): Promise<void> {
    this.#groups ??= [];
    await this.load(true).catch((err: unknown) => this.host.logger.warn('conversation groups read failed:', err));
  }

  #membership(list: readonly Conversation[]): Map<string, string> {
    const byGroup = new Map<string, string[]>();
    for (const c of list)
      for (const name of c.conversationGroupList) byGroup.set(name, [...(byGroup.get(name) ?? []), c.conversationID]);
    return new Map([...byGroup].map(([name, ids]) => [name, JSON.stringify(ids.sort())]));
  }

  /** CONVERSATION_IN_GROUP_UPDATED for each group of mine whose conversations changed (CGRP11). */
  #inGroupChanged(list: Conversation[]): void {
    const next = this.#membership(list);
    const names = new Set([...next.keys(), ...this.#members.keys()]);
    const before = this.#members;
    this.#members = next;
    for (const groupName of names) {
      if (next.get(groupName) === before.get(groupName)) continue;
      if (this.#groups && !this.#groups.includes(groupName)) continue; // renamed or deleted: the group list says so
      const conversationList = list.filter((c) => c.conversationGroupList.includes(groupName));
      this.host.emitter.emit(EVENT.CONVERSATION_IN_GROUP_UPDATED, { groupName, conversationList });
    }
  }
}

const withName = (state: ConversationState, name: string, on: boolean, order: string[] | null) => {
  const now = state.groupNames ?? [];
  if (now.includes(name) === on) return undefined;
  const next = on ? [...now, name] : now.filter((n) => n !== name);
  return { groupNames: order ? order.filter((n) => next.includes(n)) : next };
};

/** Conversation groups and custom data (reference §4; decision 0049). Other devices learn by push (CGRP9). */
export const conversationGroupsFeature = defineFeature({
  name: 'conversationGroups',
  create: (host: SdkHost) => new ConversationGroupPart(host),
  methods: {
    getConversationGroupList(): Response<string[]> {
      return this.host.guarded('getConversationGroupList', async () => ok(await this.load(false)));
    },
    createConversationGroup(options: ConversationGroupMembersOptions): Response<ConversationListResult> {
      const api = 'createConversationGroup';
      // Parameter checks throw synchronously, before any request, as in TIM.
      return this.host.guarded(api, () => {
        assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
        checkName(api, options.groupName);
        const ids = options.conversationIDList ?? [];
        checkList(api, ids, true);
        return this.create(options.groupName, ids);
      });
    },
    deleteConversationGroup(groupName: string): Response<Record<string, never>> {
      const api = 'deleteConversationGroup';
      return this.host.guarded(api, () => {
        checkName(api, groupName);
        return this.rewrite(R.deleteGroup, { groupName }, (s) => withName(s, groupName, false, null));
      });
    },
    renameConversationGroup(options: { oldName: string; newName: string }): Response<Record<string, never>> {
      const api = 'renameConversationGroup';
      return this.host.guarded(api, () => {
        assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
        checkName(api, options.oldName, 'oldName');
        checkName(api, options.newName, 'newName');
        const { oldName, newName } = options;
        return this.rewrite(R.renameGroup, { oldName, newName }, (s) =>
          (s.groupNames ?? []).includes(oldName)
            ? { groupNames: (s.groupNames ?? []).map((n) => (n === oldName ? newName : n)) }
            : undefined,
        );
      });
    },
    addConversationsToGroup(options: ConversationGroupMembersOptions): Response<ConversationListResult> {
      return this.host.guarded('addConversationsToGroup', () =>
        members(this, 'addConversationsToGroup', options, true),
      );
    },
    deleteConversationsFromGroup(options: ConversationGroupMembersOptions): Response<ConversationListResult> {
      return this.host.guarded('deleteConversationsFromGroup', () =>
        members(this, 'deleteConversationsFromGroup', options, false),
      );
    },
    setConversationCustomData(options: SetConversationCustomDataOptions): Response<ConversationListResult> {
      const api = 'setConversationCustomData';
      return this.host.guarded(api, () => {
        assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
        checkList(api, options.conversationIDList);
        const { customData } = options;
        assertParams(typeof customData === 'string', api, 'customData must be a string');
        assertParams(bytes(customData) <= L.customDataBytes, api, `customData is at most ${L.customDataBytes} bytes`);
        return this.write(
          R.customData,
          { customData },
          (s) => (s.customData === customData ? undefined : { customData }),
          options.conversationIDList,
        ).then(ok);
      });
    },
  },
  push: {
    'conversation.groups-changed': (part, event) => part.pushed(event.groupList),
  },
  ready: (part) => part.ready(),
  refresh: (part) => part.refresh(),
  reset: (part) => part.reset(),
});

function members(
  part: ConversationGroupPart,
  api: string,
  options: ConversationGroupMembersOptions,
  add: boolean,
): Response<ConversationListResult> {
  assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
  checkName(api, options.groupName);
  checkList(api, options.conversationIDList);
  const name = options.groupName;
  const order = part.groups;
  return part
    .write(add ? R.addToGroup : R.removeFromGroup, { groupName: name }, (s) => withName(s, name, add, order), [
      ...options.conversationIDList,
    ])
    .then(ok);
}
