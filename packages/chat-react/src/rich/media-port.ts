import type { ChatMessage, ChatPort } from '../provider/chat-port.ts';

interface Base {
  to: string;
  conversationType: string;
  needReadReceipt?: boolean;
}
type FileFactory = (options: Base & { payload: { file: Blob } }) => ChatMessage;

/** The SDK's media factories (decision 0016), looked up at run time like the group port: an SDK without them sends none. */
export interface MediaPort {
  createImageMessage: FileFactory;
  createVideoMessage: FileFactory;
  createFileMessage: FileFactory;
}

const REQUIRED: (keyof MediaPort)[] = ['createImageMessage', 'createVideoMessage', 'createFileMessage'];

export function mediaPortOf(chat: ChatPort): MediaPort | null {
  const candidate = chat as ChatPort & Partial<MediaPort>;
  return REQUIRED.every((name) => typeof candidate[name] === 'function') ? (chat as unknown as MediaPort) : null;
}

/** The SDK's face factory (`index`: the pack, `data`: the item), looked up like the media factories. */
export interface FacePort {
  createFaceMessage: (options: Base & { payload: { index: number; data: string } }) => ChatMessage;
}

export function facePortOf(chat: ChatPort): FacePort | null {
  const candidate = chat as ChatPort & Partial<FacePort>;
  return typeof candidate.createFaceMessage === 'function' ? (chat as unknown as FacePort) : null;
}

export type AttachKind = 'image' | 'video' | 'file';

/**
 * How a pasted, dropped or picked file is sent (seed 000 §7): an image the server can show as an
 * image message, a video as a video message, anything else as a file card.
 */
export function attachKind(file: { type: string; name?: string }): AttachKind {
  if (/^image\/(jpeg|png|gif|webp)$/.test(file.type)) return 'image';
  if (/^video\//.test(file.type)) return 'video';
  return 'file';
}

const FACTORY: Record<AttachKind, keyof MediaPort> = {
  image: 'createImageMessage',
  video: 'createVideoMessage',
  file: 'createFileMessage',
};

/** The factory for one file, bound to the port (for MessageStore.sendText's `create`). */
export function factoryFor(port: MediaPort, file: Blob & { name?: string }, kind = attachKind(file)) {
  return (base: Base): ChatMessage => port[FACTORY[kind]].call(port, { ...base, payload: { file } });
}

/** The SDK's voice and location factories (decisions 0033, 0034), looked up like the others. */
export interface VoicePort {
  createAudioMessage: FileFactory;
}
export interface LocationPort {
  createLocationMessage: (
    options: Base & { payload: { description: string; longitude: number; latitude: number } },
  ) => ChatMessage;
}

export function voicePortOf(chat: ChatPort): VoicePort | null {
  const candidate = chat as ChatPort & Partial<VoicePort>;
  return typeof candidate.createAudioMessage === 'function' ? (chat as unknown as VoicePort) : null;
}

export function locationPortOf(chat: ChatPort): LocationPort | null {
  const candidate = chat as ChatPort & Partial<LocationPort>;
  return typeof candidate.createLocationMessage === 'function' ? (chat as unknown as LocationPort) : null;
}
