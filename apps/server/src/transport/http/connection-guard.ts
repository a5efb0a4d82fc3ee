import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCaps {
  maxConnections: number;
  /** 0: no per-address cap. */
  maxConnectionsPerIp: number;
}

/**
 * Caps open connections (rule LIM2): Node drops connections past `maxConnections` at accept, and this counts
 * them per client address so that one address cannot take them all. WebSocket connections count too: they
 * keep their TCP connection.
 */
export function guardConnections(server: Server, caps: ConnectionCaps): void {
  server.maxConnections = caps.maxConnections;
  const perAddress = new Map<string, number>();
  if (caps.maxConnectionsPerIp > 0) {
    // Runs after Node's own connection listener; the socket is destroyed before a byte of it is parsed.
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const open = perAddress.get(address) ?? 0;
      if (open >= caps.maxConnectionsPerIp) {
        socket.destroy();
        return;
      }
      perAddress.set(address, open + 1);
      socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left <= 0) perAddress.delete(address);
        else perAddress.set(address, left);
      });
    });
  }
}

/** Node checks request and header timeouts on this period: a fraction of the shortest timeout, at most 5 s. */
export function checkingIntervalMs(headersTimeoutMs: number): number {
  return Math.max(100, Math.min(5_000, Math.floor(headersTimeoutMs / 4)));
}
