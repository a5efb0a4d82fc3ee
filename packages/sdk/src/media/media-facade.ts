import type { Message } from '../message/message.ts';
import type { MessageOptions } from '../message/factories.ts';
import type { FacePayload, FilePayloadInput, LocationPayload, MediaModule, MediaOptions } from './media-module.ts';

/** What the facade needs from the ChatSDK instance it is installed on. */
export interface MediaHost {
  /** Synchronous factories: reject while not ready, parameter errors thrown as ChatErrors. */
  guardedSync<T>(api: string, fn: () => T): T;
  media: MediaModule;
}

const hosts = new WeakMap<object, MediaHost>();

export function attachMediaHost(sdk: object, host: MediaHost): void {
  hosts.set(sdk, host);
}

function sync<T>(sdk: object, api: string, fn: (m: MediaModule) => T): T {
  const host = hosts.get(sdk);
  if (!host) throw new TypeError('not a ChatSDK instance');
  return host.guardedSync(api, () => fn(host.media));
}

/**
 * The rich-message factories of ChatSDK (reference §3.1, issue 8), installed on its prototype like the group
 * methods. Uploads happen in sendMessage (MediaModule.prepare), so these stay synchronous as TIM's are.
 */
export const mediaMethods = {
  createImageMessage(this: object, options: MediaOptions<FilePayloadInput>): Message {
    return sync(this, 'createImageMessage', (m) => m.createMediaMessage('createImageMessage', 'image', options));
  },
  createVideoMessage(this: object, options: MediaOptions<FilePayloadInput>): Message {
    return sync(this, 'createVideoMessage', (m) => m.createMediaMessage('createVideoMessage', 'video', options));
  },
  createAudioMessage(this: object, options: MediaOptions<FilePayloadInput>): Message {
    return sync(this, 'createAudioMessage', (m) => m.createMediaMessage('createAudioMessage', 'audio', options));
  },
  createFileMessage(this: object, options: MediaOptions<FilePayloadInput>): Message {
    return sync(this, 'createFileMessage', (m) => m.createMediaMessage('createFileMessage', 'file', options));
  },
  createFaceMessage(this: object, options: MessageOptions<FacePayload>): Message {
    return sync(this, 'createFaceMessage', (m) => m.createFaceMessage(options));
  },
  createLocationMessage(this: object, options: MessageOptions<LocationPayload>): Message {
    return sync(this, 'createLocationMessage', (m) => m.createLocationMessage(options));
  },
};

export type MediaMethods = typeof mediaMethods;
