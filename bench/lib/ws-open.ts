import WebSocket from 'ws';

/** Opens a WebSocket and resolves once the server's hello frame arrived (connected and authenticated). */
export function openUntilHello(url: string, timeoutMs = 10_000): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no hello from ${url} in ${timeoutMs} ms`));
    }, timeoutMs);
    const fail = (err: unknown) => {
      clearTimeout(timer);
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    ws.once('error', fail);
    ws.once('close', (code) => fail(new Error(`closed with ${code} before hello`)));
    ws.once('message', (data) => {
      clearTimeout(timer);
      ws.removeAllListeners('close');
      ws.removeAllListeners('error');
      ws.on('error', () => undefined);
      if (String(data).includes('"hello"')) resolve(ws);
      else reject(new Error(`first frame was not hello: ${String(data).slice(0, 100)}`));
    });
  });
}

/** Closes sockets and waits (bounded) for the close handshakes, so the next case starts clean. */
export async function closeAll(sockets: readonly WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            ws.terminate();
            resolve();
          }, 2000);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close();
        }),
    ),
  );
}
