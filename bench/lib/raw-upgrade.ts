import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * A WebSocket handshake written by hand on a raw TCP socket, resolved when the server's first frame
 * (the hello) arrived. The connect benchmark uses it instead of the `ws` client so the load generator
 * spends far less per connection than the server does: the figure is the server's, not the client's.
 * The socket is left open and idle; the caller destroys it.
 */
export function rawUpgrade(port: number, path: string, timeoutMs = 10_000): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`no hello within ${timeoutMs} ms`)), timeoutMs);
    function fail(err: Error): void {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    }
    socket.on('error', fail);
    socket.on('connect', () => {
      const key = randomBytes(16).toString('base64');
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.startsWith('HTTP/1.1 101')) {
        if (seen.includes('\r\n')) fail(new Error(`upgrade refused: ${seen.split('\r\n')[0]}`));
        return;
      }
      const body = seen.indexOf('\r\n\r\n');
      if (body >= 0 && seen.slice(body).includes('"hello"')) {
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('error', fail);
        socket.on('error', () => undefined);
        resolve(socket);
      }
    };
    socket.on('data', onData);
  });
}
