import type { Emitter } from '../core/emitter.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { ReadReceiptModule } from '../group/read-receipt-module.ts';
import type { Sender } from '../message/factories.ts';
import type { Message } from '../message/message.ts';
import type { GroupEventSink, LiveSession } from '../sync/live-session.ts';
import { ActionClient } from './action-client.ts';
import { attachActionHost } from './action-facade.ts';
import { ActionSync } from './action-sync.ts';
import { ForwardModule } from './forward.ts';
import { MessageActions } from './message-actions.ts';
import { ReactionModule } from './reaction-module.ts';

export interface ActionInstallDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  me: () => string;
  sender: () => Sender;
  guarded: <T>(api: string, fn: () => Promise<T>) => Promise<T>;
  guardedSync: <T>(api: string, fn: () => T) => T;
  /** The group feature's receipts: group messages' receipts stay theirs. */
  groupReceipts: () => ReadReceiptModule;
}

/** The message-action feature of one ChatSDK: its modules, its push and catch-up, and its facade host. */
export class ActionFeature {
  readonly actions: MessageActions;
  readonly forward: ForwardModule;
  readonly reactions: ReactionModule;
  readonly sync: ActionSync;

  constructor(live: LiveSession, deps: ActionInstallDeps) {
    const client = new ActionClient(deps.http);
    const base = { client, messages: live.messages, emitter: deps.emitter, me: deps.me };
    this.actions = new MessageActions(base);
    this.forward = new ForwardModule(client);
    this.reactions = new ReactionModule(base);
    this.sync = new ActionSync({ ...base, logger: deps.logger, actions: this.actions, reactions: this.reactions });
  }

  reset(): void {
    this.sync.reset();
    this.reactions.reset();
  }

  /** Before a message's first send (a merger's records are stored then). */
  beforeSend(message: Message): Promise<void> | undefined {
    return this.forward.beforeSend(message);
  }
}

/**
 * Builds the feature, chains its push handling and reconnect catch-up after the group feature's (the session has
 * one sink), and registers its facade host. Call after installGroups.
 */
export function installActions(sdk: object, live: LiveSession, deps: ActionInstallDeps): ActionFeature {
  const feature = new ActionFeature(live, deps);
  const previous: GroupEventSink | null = live.groupEvents;
  live.groupEvents = {
    refresh: () => {
      previous?.refresh();
      feature.sync.refresh();
    },
    onMessages: (messages) => previous?.onMessages(messages),
    onPush: (event) => feature.sync.onPush(event as never) || (previous?.onPush(event) ?? false),
  };
  attachActionHost(sdk, { ...deps, feature });
  return feature;
}
