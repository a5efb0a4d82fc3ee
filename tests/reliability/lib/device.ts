import type { WireMessage } from '@parley/protocol';

/** The fields the judges read; both the wire message and the SDK's Message have them. */
export type Delivered = Pick<WireMessage, 'ID' | 'from' | 'to' | 'sequence'>;

/**
 * One simulated chat device in R1. Implemented by the real SDK (`sdk-device.ts`) and by a minimal
 * client that follows GUIDE §3 (`min-client.ts`), so R1 can tell an SDK fault from a server fault.
 */
export interface Device {
  readonly userID: string;
  /** The push connection is up (hello received). */
  readonly connected: boolean;
  /** Push connections established so far (1 + reconnects). */
  readonly connects: number;
  start(): Promise<void>;
  /**
   * Sends one text message and resolves with the server's copy once acknowledged, or undefined if
   * `deadlineAt` passed first. `onID` learns the message ID before the first attempt.
   */
  send(to: string, text: string, deadlineAt: number, onID: (ID: string) => void): Promise<Delivered | undefined>;
  /** Catches up on everything (best effort for the SDK, which does it on its own at every reconnect). */
  syncAll(): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceOptions {
  userID: string;
  userSig: string;
  port: number;
  /** Prefix of message IDs where the device picks them (the minimal client). */
  idPrefix: string;
  /** Index of this device in the run: the SDK needs one SDKAppID per instance in a process. */
  index: number;
  onMessage: (m: Delivered) => void;
}
