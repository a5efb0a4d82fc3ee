// Serves the bundled kit app (dist/) and passes every other request, WebSocket upgrades included, to the Parley
// server at PARLEY_URL: the page and the SDK share one origin, as behind any reverse proxy in front of Parley, so
// the SDK's default server URL (the page's origin) is the right one. Builds the bundle first. PORT: where to listen.
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildKitApp } from './build.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const parley = new URL(process.env.PARLEY_URL ?? '');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
/** The bundle's own files (entry pages, entries, shared chunks); everything else is Parley's. */
const own = (path) => /^\/([\w.-]+\.(html|js|css))?$/.test(path) && !path.startsWith('/api');

await buildKitApp();

/** The request's headers as the Parley server should see them: its own host and origin. */
function forwarded(headers) {
  return { ...headers, host: parley.host, ...(headers.origin ? { origin: parley.origin } : {}) };
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (req.method === 'GET' && own(path)) {
    const file = normalize(join(dist, path === '/' ? 'index.html' : path));
    if (!existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    return res.end(readFileSync(file));
  }
  const upstream = httpRequest(
    // A fresh connection per request (agent: false): reusing an idle keep-alive socket the server is closing at that
    // moment fails the request (ECONNRESET), and the page would see a network error the kit did not cause.
    {
      host: parley.hostname,
      port: parley.port,
      method: req.method,
      path: req.url,
      headers: forwarded(req.headers),
      agent: false,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    console.error(`proxy: ${req.method} ${req.url}: ${err.message}`);
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});

server.on('upgrade', (req, socket, head) => {
  const upstream = connect(Number(parley.port), parley.hostname, () => {
    const headers = forwarded(req.headers);
    const lines = Object.entries(headers).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${k}: ${x}`));
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => {
    socket.destroy();
    upstream.destroy();
  };
  upstream.on('error', close);
  socket.on('error', close);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`kit app on http://127.0.0.1:${server.address().port}, Parley at ${parley.origin}`);
});
