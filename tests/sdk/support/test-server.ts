import type { Profile } from '@parley/protocol';
import type { FastifyInstance } from 'fastify';

/** A real server started in-process for one test file (server.ts starts it; client.ts only needs its shape). */
export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  url: string;
  createUser: (userID: string, nick?: string) => Promise<Profile>;
  userSig: (userID: string, expire?: number) => Promise<string>;
  /** Moves the server's clock forward, e.g. so two messages get different server times (whole seconds). */
  advanceClock: (ms: number) => void;
  /** Cuts every push connection the way a network failure would (no close frame). */
  dropConnections: () => number;
  close: () => Promise<void>;
}
