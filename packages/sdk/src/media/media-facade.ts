/** The rich-media feature: image, video, audio and file messages and their uploads (decision 0029). */
import type { MessageOptions } from '../message/factories.ts';
import type { Message } from '../message/message.ts';
import { defineFeature, type SdkHost } from '../feature/feature.ts';
import { senderOf } from '../profile/profile-facade.ts';
import type { FacePayload, FilePayloadInput, LocationPayload, MediaOptions } from './media-module.ts';
import { MediaModule } from './media-module.ts';
import { createUploader } from './uploader.ts';

export interface MediaPart {
  readonly host: SdkHost;
  readonly media: MediaModule;
}

function createPart(host: SdkHost): MediaPart {
  const { serverURL: baseURL, fetch } = host.config;
  const upload = createUploader({ baseURL, fetch, getToken: () => host.state.userSig });
  return { host, media: new MediaModule({ sender: senderOf(host), baseURL, upload }) };
}

/**
 * Rich messages (reference §3.1): the media factories of ChatSDK. Uploads happen in sendMessage (the messages
 * feature calls MediaModule.prepare), so these stay synchronous as TIM's are.
 */
export const mediaFeature = defineFeature({
  name: 'media',
  create: createPart,
  methods: {
    createImageMessage(options: MediaOptions<FilePayloadInput>): Message {
      return this.host.guardedSync('createImageMessage', () =>
        this.media.createMediaMessage('createImageMessage', 'image', options),
      );
    },
    createVideoMessage(options: MediaOptions<FilePayloadInput>): Message {
      return this.host.guardedSync('createVideoMessage', () =>
        this.media.createMediaMessage('createVideoMessage', 'video', options),
      );
    },
    createAudioMessage(options: MediaOptions<FilePayloadInput>): Message {
      return this.host.guardedSync('createAudioMessage', () =>
        this.media.createMediaMessage('createAudioMessage', 'audio', options),
      );
    },
    createFileMessage(options: MediaOptions<FilePayloadInput>): Message {
      return this.host.guardedSync('createFileMessage', () =>
        this.media.createMediaMessage('createFileMessage', 'file', options),
      );
    },
    createFaceMessage(options: MessageOptions<FacePayload>): Message {
      return this.host.guardedSync('createFaceMessage', () => this.media.createFaceMessage(options));
    },
    createLocationMessage(options: MessageOptions<LocationPayload>): Message {
      return this.host.guardedSync('createLocationMessage', () => this.media.createLocationMessage(options));
    },
  },
});
