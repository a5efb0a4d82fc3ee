/** ChatKit: what every kit part shares (SDK, texts, toasts, announcer), assembled with the parts of kit-parts.ts. */
import type { i18n as I18n } from 'i18next';
import { Announcer } from '../a11y/announcer.ts';
import { Deeds } from '../core/deeds.ts';
import { chatTranslator } from '../i18n/index.ts';
import type { Translate } from '../i18n/translate.ts';
import { errorText } from '../toast/error-text.ts';
import { ToastStore } from '../toast/toast-store.ts';
import { asFailure, type ChatPort } from './chat-port.ts';
import { assembleKit, attachKit, type KitBase } from './kit-part.ts';
import { KIT_PARTS, type KitParts } from './kit-parts.ts';

export type { StartChatResult } from '../conversation-list/conversations-part.ts';

/**
 * Everything the kit knows, as external stores over one SDK instance, and the commands the UI may call. Components
 * subscribe to the stores and call the commands; only the stores talk to the SDK (GUIDE §5.6). The kit holds the
 * shared pieces (SDK, texts, toast, live region); each feature adds its own stores and commands as a part
 * (`kit-parts.ts`, decision 0030).
 */
export interface ChatKit extends KitParts {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the parts' members are declared by the interface above and assigned by assembleKit
export class ChatKit implements KitBase {
  readonly chat: ChatPort;
  readonly i18n: I18n;
  readonly announcer = new Announcer();
  readonly deeds = new Deeds();
  readonly toasts = new ToastStore(Date.now, (text) => this.announcer.announce(text));

  constructor(chat: ChatPort, i18n: I18n) {
    this.chat = chat;
    this.i18n = i18n;
    assembleKit(this, KIT_PARTS);
  }

  t: Translate = (key, options) => chatTranslator(this.i18n, null)(key, options);

  /** Subscribes every part to the SDK; returns the undo. Safe to call again after the undo (React StrictMode does). */
  attach(): () => void {
    const detach = attachKit(this, KIT_PARTS);
    return () => {
      detach();
      this.toasts.dispose();
    };
  }

  /** Seed 000 §8: errors go to the one shared toast, with the product's text for known codes. */
  reportError(err: unknown): void {
    this.toasts.error(errorText(asFailure(err), this.t));
  }
}
