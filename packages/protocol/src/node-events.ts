/**
 * Events between server nodes, on the event bus beside the push events (through Redis when there are several
 * nodes, so two versions of the server meet here during a rolling upgrade). None reaches a client: each has a topic
 * of its own that no socket subscribes to.
 */
export type NodeEvent =
  /**
   * A session ended (rule SES3): the push layer closes the matching sockets on every node. Absent `sid`: every
   * token of the user below `gen` (and every session). `kick` is the TIM kick type the socket is told.
   */
  | { type: 'session.ended'; sid?: string; gen?: number; kick: 'multipleAccount' | 'REST_API_Kick' }
  /** A user's blocklist changed: every node replaces its copy (decision 0017). */
  | { type: 'blocklist.replaced'; blocker: string; blacklist: string[] }
  /** Messages of a conversation changed in place: every node drops its cached pages of it (ACT10). */
  | { type: 'pages.invalidate'; conversationID: string }
  /** The prohibited-word list changed in the database: every node reloads its filter (ADM30, decision 0053). */
  | { type: 'words.changed'; version: number }
  /** A node's live figures for the admin console's live page (ADM35), every few seconds. */
  | {
      type: 'live.stats';
      node: string;
      sockets: number;
      users: number;
      accepted: number;
      delivered: number;
      at: number;
    };
