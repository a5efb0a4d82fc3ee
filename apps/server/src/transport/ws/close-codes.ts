/** WebSocket close codes the server uses (docs/PROTOCOL.md, "WebSocket close codes"). */
export const CLOSE = {
  GOING_AWAY: 1001,
  POLICY: 1008,
  TOO_BIG: 1009,
  TRY_AGAIN: 1013,
  SESSION_ENDED: 4001,
  TOO_MANY_SOCKETS: 4029,
} as const;
