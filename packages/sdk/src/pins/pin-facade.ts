/** Pinned group messages (reference §3.3; decision 0041), declared for the registry (decision 0029). */
import { type PinnedList, type PinnerInfo, pinnedPath } from '@parley/protocol';
import { EVENT } from '../constants/events.ts';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { type Message, messageFromWire } from '../message/message.ts';

type Response<T> = Promise<ChatResponse<T>>;

/** A pinned message: the reference's Message with `pinnerInfo`, who pinned it. */
export type PinnedMessage = Message & { pinnerInfo: PinnerInfo };

export interface PinGroupMessageOptions {
  groupID: string;
  message: Pick<Message, 'ID'>;
  isPinned: boolean;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

export class PinModule {
  readonly #host: SdkHost;

  constructor(host: SdkHost) {
    this.#host = host;
  }

  /** The owner and admins pin and unpin (PIN2); every member then gets PINNED_GROUP_MESSAGE_UPDATED (PIN4). */
  async pinGroupMessage(options: PinGroupMessageOptions): Response<Record<string, never>> {
    const api = 'pinGroupMessage';
    assertParams(typeof options === 'object' && options !== null, api, 'options must be an object');
    assertParams(isString(options.groupID), api, 'groupID must be a non-empty string');
    assertParams(isString(options.message?.ID), api, 'message must be a Message');
    assertParams(typeof options.isPinned === 'boolean', api, 'isPinned must be a boolean');
    await this.#host.http.post(pinnedPath(options.groupID), {
      messageID: options.message.ID,
      isPinned: options.isPinned,
    });
    return ok({});
  }

  /** Oldest pin first (PIN7). */
  async getPinnedGroupMessageList(groupID: string): Response<{ messageList: PinnedMessage[] }> {
    assertParams(isString(groupID), 'getPinnedGroupMessageList', 'groupID must be a non-empty string');
    const { pinnedList } = await this.#host.http.get<PinnedList>(pinnedPath(groupID));
    const viewer = { userID: this.#host.me() };
    const messageList = pinnedList.map(({ message, pinnerInfo }) =>
      Object.assign(messageFromWire(message, viewer), { pinnerInfo }),
    );
    return ok({ messageList });
  }
}

/** Pinned group messages: two methods and the push that becomes PINNED_GROUP_MESSAGE_UPDATED. */
export const pinsFeature = defineFeature({
  name: 'pins',
  create: (host: SdkHost) => ({ host, pins: new PinModule(host) }),
  methods: {
    pinGroupMessage(options: PinGroupMessageOptions): Response<Record<string, never>> {
      return this.host.guarded('pinGroupMessage', () => this.pins.pinGroupMessage(options));
    },
    getPinnedGroupMessageList(groupID: string): Response<{ messageList: PinnedMessage[] }> {
      return this.host.guarded('getPinnedGroupMessageList', () => this.pins.getPinnedGroupMessageList(groupID));
    },
  },
  push: {
    'group.message-pinned': (part, event) => {
      const message = Object.assign(messageFromWire(event.message, { userID: part.host.me() }), {
        pinnerInfo: event.operatorInfo,
      });
      part.host.emitter.emit(EVENT.PINNED_GROUP_MESSAGE_UPDATED, {
        groupID: event.groupID,
        message,
        isPinned: event.isPinned,
        operatorInfo: event.operatorInfo,
      });
    },
  },
});
