import type { Emitter } from '../core/emitter.ts';
import type { HttpClient } from '../core/http.ts';
import type { Logger } from '../core/logger.ts';
import type { Message } from '../message/message.ts';
import type { MessageStore } from '../message/message-store.ts';
import { ActionClient } from './action-client.ts';
import { ActionSync } from './action-sync.ts';
import { ForwardModule } from './forward.ts';
import { MessageActions } from './message-actions.ts';
import { ReactionModule } from './reaction-module.ts';

export interface ActionFeatureDeps {
  http: HttpClient;
  emitter: Emitter;
  logger: Logger;
  messages: MessageStore;
  me: () => string;
  /** Cancels a send the server has not stored (decision 0032). */
  cancelSend?: (from: string, ID: string) => void;
}

/** The message-action feature of one ChatSDK: its modules and its push and catch-up (action-sync.ts). */
export class ActionFeature {
  readonly actions: MessageActions;
  readonly forward: ForwardModule;
  readonly reactions: ReactionModule;
  readonly sync: ActionSync;

  constructor(deps: ActionFeatureDeps) {
    const client = new ActionClient(deps.http);
    const base = { client, messages: deps.messages, emitter: deps.emitter, me: deps.me };
    const cancelSend = deps.cancelSend;
    this.actions = new MessageActions(cancelSend ? { ...base, cancelSend } : base);
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
