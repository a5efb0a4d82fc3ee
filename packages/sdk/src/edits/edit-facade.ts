/** Edited messages (decision 0046): the sender's earlier texts of a message. Not in the reference: a Parley extension. */
import { EDIT_ROUTES, type MessageVersion, type MessageVersions, conversationPath } from '@parley/protocol';
import { type ChatResponse, ok } from '../core/errors.ts';
import { assertParams } from '../core/guard.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import type { Message } from '../message/message.ts';

type Response<T> = Promise<ChatResponse<T>>;

const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * getMessageEditHistory(message) (Parley extension, EDIT10): `{code: 0, data: {versionList}}`, the texts the message had
 * before its edits, oldest first, each `{version, payload, time, replacedTime}`. Only its sender may ask (60044).
 */
export async function getMessageEditHistory(
  host: SdkHost,
  message: Pick<Message, 'ID' | 'conversationID'>,
): Response<{ versionList: MessageVersion[] }> {
  const api = 'getMessageEditHistory';
  assertParams(typeof message === 'object' && message !== null, api, 'message must be a Message');
  assertParams(isString(message.ID), api, 'message must be a Message');
  assertParams(isString(message.conversationID), api, 'message must be a stored Message');
  const path = conversationPath(EDIT_ROUTES.versions, message.conversationID, message.ID);
  const { versionList } = await host.http.get<MessageVersions>(path);
  return ok({ versionList });
}

export const editsFeature = defineFeature({
  name: 'edits',
  create: (host: SdkHost) => ({ host }),
  methods: {
    getMessageEditHistory(
      message: Pick<Message, 'ID' | 'conversationID'>,
    ): Response<{ versionList: MessageVersion[] }> {
      return this.host.guarded('getMessageEditHistory', () => getMessageEditHistory(this.host, message));
    },
  },
});
