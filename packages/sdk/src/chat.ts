import type { Profile } from '@parley/protocol';
import { AuthState } from './auth/auth-state.ts';
import { kickTypeOf } from './auth/kick-type.ts';
import { type LoginOptions, LoginModule, type LoginResult } from './auth/login-module.ts';
import { EVENT } from './constants/events.ts';
import type { Conversation } from './conversation/conversation.ts';
import {
  type ConversationFilter,
  ConversationModule,
  type RemindTypeResult,
  type SetMessageRemindTypeOptions,
} from './conversation/conversation-module.ts';
import { Emitter, type EventHandler } from './core/emitter.ts';
import { ChatError, type ChatResponse, ok, toChatError } from './core/errors.ts';
import { notReadyError } from './core/guard.ts';
import { type FetchLike, HttpClient } from './core/http.ts';
import { Logger } from './core/logger.ts';
import type { Timing } from './core/timing.ts';
import { ExperimentalModule } from './experimental/experimental-module.ts';
import type { Group } from './group/group.ts';
import { type GroupMethods, groupMethods } from './group/group-facade.ts';
import { type GroupFeature, installGroups } from './group/group-feature.ts';
import { installCompat } from './compat/install.ts';
import type { SignalingHelpers } from './compat/signaling-info.ts';
// Rich messages (issue 8): media factories and uploads.
import { attachMediaHost, type MediaMethods, mediaMethods } from './media/media-facade.ts';
import { MediaModule } from './media/media-module.ts';
import { createUploader } from './media/uploader.ts';
// Contacts, blocklist and user status (issue 10)
import { type ContactMethods, contactMethods, installContacts } from './contacts/contact-facade.ts';
import type { ContactFeature } from './contacts/contact-feature.ts';
import type { CustomPayload, MessageOptions, TextAtPayload, TextPayload } from './message/factories.ts';
import type { Message } from './message/message.ts';
import {
  type GetMessageListOptions,
  MessageModule,
  type MessageListResult,
  type SendMessageOptions,
} from './message/message-module.ts';
import { ProfileModule, type UpdateMyProfileOptions } from './profile/profile-module.ts';
// Message actions (issue 9): modify, revoke, delete, forward, mergers, C2C receipts, reactions.
import { type ActionMethods, actionMethods } from './actions/action-facade.ts';
import { type ActionFeature, installActions } from './actions/action-feature.ts';
import { LiveSession } from './sync/live-session.ts';
import type { WebSocketConstructor } from './transport/ws.ts';
import type { EventData } from './types.ts';

export interface ChatConfig {
  SDKAppID: number;
  serverURL: string;
  fetch: FetchLike;
  /** Resolved at each connect, like fetch: a polyfill may be installed after create(). */
  WebSocket: () => WebSocketConstructor | undefined;
  timing: Timing;
  /** Jitter source; tests may fix it. */
  random: () => number;
}

type Response<T> = Promise<ChatResponse<T>>;

/**
 * The group methods (reference §5) and the signalling helpers (§8), installed on the prototype at the end of this
 * file from group-facade.ts and compat/install.ts.
 */
export interface ChatSDK extends GroupMethods, SignalingHelpers {}
/** The rich-message factories (issue 8), installed on the prototype from media/media-facade.ts. */
export interface ChatSDK extends MediaMethods {}
/** The message actions (issue 9) and reactions (issue 13), installed on the prototype from their facade. */
export interface ChatSDK extends ActionMethods {}
/** Contacts, blocklist and user status (issue 10), installed on the prototype from contacts/contact-facade.ts. */
export interface ChatSDK extends ContactMethods {}

/**
 * The SDK instance (`ChatSDK` in TIM). It stays a thin facade: it owns the instance-wide pieces (events, HTTP,
 * readiness) and delegates each feature to a module, so new features add a module rather than grow this class.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface's methods are installed on the prototype below.
export class ChatSDK {
  readonly #config: ChatConfig;
  readonly #logger = new Logger();
  readonly #emitter: Emitter;
  readonly #state = new AuthState();
  readonly #auth: LoginModule;
  readonly #profile: ProfileModule;
  readonly #experimental: ExperimentalModule;
  readonly #live: LiveSession;
  readonly #messages: MessageModule;
  readonly #conversations: ConversationModule;
  readonly #groups: GroupFeature;
  readonly #actions: ActionFeature;
  readonly #contacts: ContactFeature;
  readonly #plugins = new Map<string, unknown>();
  readonly #onDestroy: () => void;
  #destroyed = false;

  constructor(config: ChatConfig, onDestroy: () => void = () => {}) {
    this.#config = config;
    this.#onDestroy = onDestroy;
    this.#emitter = new Emitter((name, err) => this.#logger.error(`a handler of "${name}" threw:`, err));
    const http = new HttpClient({
      baseURL: config.serverURL,
      fetch: config.fetch,
      getToken: () => this.#state.userSig,
    });
    const deps = { http, emitter: this.#emitter, logger: this.#logger };
    const me = () => this.#state.userID;
    this.#profile = new ProfileModule(deps);
    this.#experimental = new ExperimentalModule({ http, isLoggedIn: () => this.#state.ready, sdk: this });
    this.#live = new LiveSession({
      ...deps,
      serverURL: config.serverURL,
      WebSocket: config.WebSocket,
      timing: config.timing,
      random: config.random,
      userID: me,
      userSig: () => this.#state.userSig,
      isReady: () => this.#state.ready,
      onProfile: (profile) => this.#profile.applyPushed(profile),
      onKicked: (type) => this.#auth.kick(type),
    });
    const live = this.#live;
    const sender = () => {
      const mine = this.#profile.peek();
      return { userID: me(), nick: mine?.nick ?? '', avatar: mine?.avatar ?? '' };
    };
    const media = new MediaModule({
      sender,
      baseURL: config.serverURL,
      upload: createUploader({ baseURL: config.serverURL, fetch: config.fetch, getToken: () => this.#state.userSig }),
    });
    attachMediaHost(this, { media, guardedSync: (api, fn) => this.#guardedSync(api, fn) });
    this.#messages = new MessageModule({
      prepare: (message, onProgress) => media.prepare(message, onProgress),
      http,
      messages: live.messages,
      conversations: live.conversations,
      outbox: live.outbox,
      me,
      sender,
      settleSend: (from, ID) => live.outbox.settle(from, ID),
      beforeSend: (message) => this.#actions.beforeSend(message),
    });
    this.#conversations = new ConversationModule({
      http,
      me,
      queue: live.queue,
      conversations: live.conversations,
      messages: live.messages,
      sync: live.sync,
      groupRemind: (groupID, type) => this.#groups.groups.setRemindType(groupID, type),
    });
    // Groups (reference §5): their methods come from group-facade.ts, their state lives per login.
    this.#groups = installGroups(this, live, {
      ...deps,
      me,
      isReady: () => this.#state.ready,
      coalesceMs: () => config.timing.coalesceMs,
      guarded: (api, fn) => this.#guarded(api, fn),
    });
    // Message actions (issue 9): methods from action-facade.ts; push and catch-up chained after the groups'.
    this.#actions = installActions(this, live, {
      ...deps,
      me,
      sender,
      guarded: (api, fn) => this.#guarded(api, fn),
      guardedSync: (api, fn) => this.#guardedSync(api, fn),
      groupReceipts: () => this.#groups.receipts,
    });
    // Contacts (reference §6, §7): methods from contact-facade.ts, lists per login.
    this.#contacts = installContacts(this, live, { ...deps, me, guarded: (api, fn) => this.#guarded(api, fn) });
    this.#auth = new LoginModule({
      ...deps,
      state: this.#state,
      onLoggedIn: async (verified, preloaded) => {
        const started = live.start(preloaded);
        // With a snapshot nothing before SDK_READY waits for the network (SDK9): the hello's refresh reads groups.
        const groups = preloaded ? Promise.resolve() : this.#groups.start();
        // A failed check ends the login at once; the start still running must not reject unheard.
        started.catch(() => undefined);
        groups.catch(() => undefined);
        const [profile] = await Promise.all([verified, started, groups]);
        if (profile) this.#profile.seed(profile);
        live.releaseNetState();
      },
      onVerified: (profile) => this.#profile.seed(profile),
      onReady: () => {
        live.becameReady();
        this.#groups.becameReady();
      },
      onReset: () => {
        live.stop(new ChatError(this.#state.notReadyReason, 'The session ended before the message was sent'));
        this.#profile.reset();
        this.#experimental.reset();
        this.#groups.reset();
        this.#actions.reset();
        this.#contacts.reset();
      },
    });
  }

  // Events

  on<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.on(name, handler, context);
  }

  once<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.once(name, handler, context);
  }

  off<K extends string>(name: K, handler: EventHandler<EventData<K>>, context?: unknown): void {
    this.#emitter.off(name, handler, context);
  }

  // Lifecycle (all whitelisted: callable before SDK_READY)

  login(options: LoginOptions): Response<LoginResult> {
    return this.#run(() => this.#auth.login(options));
  }

  logout(): Response<Record<string, never>> {
    return this.#run(() => this.#auth.logout());
  }

  async destroy(): Response<Record<string, never>> {
    if (this.#destroyed) return ok({});
    this.#destroyed = true;
    this.#auth.destroy();
    this.#emitter.emit(EVENT.SDK_DESTROY, { SDKAppID: this.#config.SDKAppID });
    this.#emitter.removeAll();
    this.#onDestroy();
    return ok({});
  }

  isReady(): boolean {
    return this.#state.ready;
  }

  getLoginUser(): string {
    return this.#state.userID;
  }

  setLogLevel(level: number): void {
    this.#logger.setLevel(level);
  }

  /** Upload, push and profanity plugins are TIM cloud services; Parley keeps them but does not call them. */
  registerPlugin(plugins: Record<string, unknown>): void {
    for (const [key, plugin] of Object.entries(plugins ?? {})) this.#plugins.set(key, plugin);
  }

  /** Reference §9: canIUseModule, isIntl and isFeatureEnabledForStat answer a boolean, getServerConfig `{code, data}`. */
  callExperimentalAPI(key: 'canIUseModule' | 'isIntl' | 'isFeatureEnabledForStat', options?: unknown): boolean;
  callExperimentalAPI(key: 'getServerConfig', options?: unknown): ChatResponse<Record<string, unknown>>;
  callExperimentalAPI(key: string, options?: unknown): Response<unknown>;
  callExperimentalAPI(key: string, options?: unknown): unknown {
    return this.#experimental.call(key, options);
  }

  getServerTime(): number {
    return this.#guardedSync('getServerTime', () => this.#live.serverTime());
  }

  // Profile (reference §6)

  getMyProfile(): Response<Profile> {
    return this.#guarded('getMyProfile', () => this.#profile.getMyProfile());
  }

  getUserProfile(options: { userIDList: string[] }): Response<Profile[]> {
    return this.#guarded('getUserProfile', () => this.#profile.getUserProfile(options));
  }

  updateMyProfile(options: UpdateMyProfileOptions): Response<Profile> {
    return this.#guarded('updateMyProfile', () => this.#profile.updateMyProfile(options));
  }

  // Messages (reference §3). Factories are synchronous, like TIM's; before SDK_READY they return a rejection.

  createTextMessage(options: MessageOptions<TextPayload>): Message {
    return this.#guardedSync('createTextMessage', () => this.#messages.createTextMessage(options));
  }

  createTextAtMessage(options: MessageOptions<TextAtPayload>): Message {
    return this.#guardedSync('createTextAtMessage', () => this.#messages.createTextAtMessage(options));
  }

  createCustomMessage(options: MessageOptions<CustomPayload>): Message {
    return this.#guardedSync('createCustomMessage', () => this.#messages.createCustomMessage(options));
  }

  sendMessage(message: Message, options?: SendMessageOptions): Response<{ message: Message }> {
    return this.#guarded('sendMessage', () => this.#messages.sendMessage(message, options));
  }

  resendMessage(message: Message): Response<{ message: Message }> {
    return this.#guarded('resendMessage', () => this.#messages.resendMessage(message));
  }

  getMessageList(options: GetMessageListOptions): Response<MessageListResult> {
    return this.#guarded('getMessageList', () => this.#messages.getMessageList(options));
  }

  findMessage(messageID: string): Message | null {
    return this.#guardedSync('findMessage', () => this.#messages.findMessage(messageID));
  }

  // Conversations (reference §4)

  getConversationList(
    options?: string[] | ConversationFilter,
  ): Response<{ conversationList: Conversation[]; isSyncCompleted: boolean }> {
    return this.#guarded('getConversationList', () => this.#conversations.getConversationList(options));
  }

  getConversationProfile(conversationID: string): Response<{ conversation: Conversation }> {
    return this.#guarded('getConversationProfile', () => this.#conversations.getConversationProfile(conversationID));
  }

  deleteConversation(
    options: string | { conversationIDList: string[]; clearHistoryMessage?: boolean },
  ): Response<{ conversationID: string } | { conversationIDList: string[] }> {
    return this.#guarded('deleteConversation', () => this.#conversations.deleteConversation(options));
  }

  pinConversation(options: { conversationID: string; isPinned: boolean }): Response<{ conversationID: string }> {
    return this.#guarded('pinConversation', () => this.#conversations.pinConversation(options));
  }

  setMessageRemindType(options: SetMessageRemindTypeOptions): Response<RemindTypeResult | { group: Group }> {
    return this.#guarded('setMessageRemindType', () => this.#conversations.setMessageRemindType(options));
  }

  setMessageRead(options: { conversationID: string }): Response<Record<string, never>> {
    return this.#guarded('setMessageRead', () => this.#conversations.setMessageRead(options));
  }

  getTotalUnreadMessageCount(): number {
    return this.#guardedSync('getTotalUnreadMessageCount', () => this.#conversations.getTotalUnreadMessageCount());
  }

  /** Whitelisted calls: only normalise failures into ChatErrors. */
  #run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return fn().catch((err: unknown) => Promise.reject(toChatError(err)));
    } catch (err) {
      return Promise.reject(toChatError(err));
    }
  }

  /**
   * Every other call: reject while not ready (reference §2.1). Parameter checks inside `fn` throw synchronously,
   * before any I/O, as in TIM.
   */
  #guarded<T>(api: string, fn: () => Promise<T>): Promise<T> {
    if (!this.#state.ready) return Promise.reject(notReadyError(api, this.#state.notReadyReason));
    return fn().catch((err: unknown) => Promise.reject(this.#failure(err)));
  }

  /**
   * Synchronous APIs (factories, findMessage, counters). TIM's wrapper returns a rejected Promise in place of the
   * value when the SDK is not ready; the cast keeps TIM's typings, which promise the value.
   */
  #guardedSync<T>(api: string, fn: () => T): T {
    if (!this.#state.ready) return Promise.reject(notReadyError(api, this.#state.notReadyReason)) as T;
    return fn();
  }

  #failure(err: unknown): ChatError {
    const error = toChatError(err);
    const kick = kickTypeOf(error);
    if (kick) this.#auth.kick(kick);
    return error;
  }
}

// The facade is assembled from feature modules (GUIDE §5.9): each installs its methods here.
Object.assign(ChatSDK.prototype, groupMethods);
Object.assign(ChatSDK.prototype, mediaMethods);
// After the groups': one-to-one read receipts are answered by the actions facade, group ones still by the groups'.
Object.assign(ChatSDK.prototype, actionMethods);
Object.assign(ChatSDK.prototype, contactMethods);
// Drop-in compatibility (issue 13): the rest of the reference surface, each method only where none exists yet.
installCompat(ChatSDK.prototype);
