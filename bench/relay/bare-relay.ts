/**
 * The ceiling Parley is measured against (GUIDE §6): a bare node:http + `ws` server with no auth,
 * no validation and no storage. A WebSocket client connects as `/?user=<id>` and gets a hello frame;
 * a frame `{"from","to",...}` is forwarded as-is to the addressed user's socket and remembered in an
 * in-memory list per pair, which `GET /history?c=<a>|<b>` returns (the newest 15). `GET /profile`
 * answers a fixed profile JSON. Run with PORT set.
 */
import http from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

const PAGE = 15;
const KEEP = 200;
const PROFILE = JSON.stringify({
  userID: 'u',
  nick: 'bench',
  avatar: '',
  gender: 'Gender_Type_Unknown',
  selfSignature: '',
  birthday: 0,
});
const sockets = new Map<string, WebSocket>();
const history = new Map<string, string[]>();

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function remember(key: string, frame: string): void {
  const list = history.get(key) ?? [];
  list.push(frame);
  if (list.length > KEEP) list.splice(0, list.length - KEEP);
  history.set(key, list);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://relay');
  res.writeHead(200, { 'content-type': 'application/json' });
  if (url.pathname === '/history') {
    const page = (history.get(url.searchParams.get('c') ?? '') ?? []).slice(-PAGE);
    res.end(`{"messageList":[${page.join(',')}],"isCompleted":false}`);
  } else res.end(PROFILE);
});

const wss = new WebSocketServer({ server });
wss.on('connection', (ws, req) => {
  const user = new URL(req.url ?? '/', 'http://relay').searchParams.get('user') ?? '';
  sockets.set(user, ws);
  ws.on('close', () => {
    if (sockets.get(user) === ws) sockets.delete(user);
  });
  ws.on('message', (data) => {
    const text = data.toString();
    const m = JSON.parse(text) as { from: string; to: string };
    remember(pairKey(m.from, m.to), text);
    sockets.get(m.to)?.send(text);
  });
  ws.send('{"type":"hello"}');
});

server.listen(Number(process.env.PORT), '127.0.0.1');
