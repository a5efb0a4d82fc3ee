/**
 * The ceiling Parley is measured against (GUIDE §6): a bare node:http + `ws` server with no auth,
 * no validation and no storage. A WebSocket client connects as `/?user=<id>` and gets a hello frame;
 * a frame `{"from","to",...}` is forwarded as-is to the addressed user's socket and remembered in an
 * in-memory list per pair, which `GET /history?c=<a>|<b>` returns (the newest 15). `GET /profile`
 * answers a fixed profile JSON. A socket opened with `&room=<r>` is in room r; a frame `{"from","room",...}` is
 * written to every socket of the room (the group fan-out line). Run with PORT set.
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
/** Rooms for the group fan-out line: `/?user=<id>&room=<r>` joins; a frame with `room` goes to each member. */
const rooms = new Map<string, Set<WebSocket>>();
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
  const params = new URL(req.url ?? '/', 'http://relay').searchParams;
  const user = params.get('user') ?? '';
  const room = params.get('room');
  sockets.set(user, ws);
  if (room) rooms.set(room, (rooms.get(room) ?? new Set()).add(ws));
  ws.on('close', () => {
    if (sockets.get(user) === ws) sockets.delete(user);
    if (room) rooms.get(room)?.delete(ws);
  });
  ws.on('message', (data) => {
    const text = data.toString();
    const m = JSON.parse(text) as { from: string; to: string; room?: string };
    if (m.room) {
      // The received bytes go out as they came, one buffer for every member: the cheapest fan-out there is.
      for (const member of rooms.get(m.room) ?? []) member.send(data, { binary: false });
      return;
    }
    remember(pairKey(m.from, m.to), text);
    sockets.get(m.to)?.send(text);
  });
  ws.send('{"type":"hello"}');
});

server.listen(Number(process.env.PORT), '127.0.0.1');
