// Unit tests of the socket's routing (web/js/net/socket.js) over a fake WebSocket: messages go
// to the handlers of their type only; ack, pong and answered errors go to nobody; a table's
// events pass in order, a gap asks to join again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';

/** The one fake WebSocket the socket opens: `sent` holds what it wrote, `receive` delivers. */
class FakeWebSocket {
  static OPEN = 1;
  static last = null;
  constructor(url) {
    this.url = url;
    this.readyState = FakeWebSocket.OPEN;
    this.sent = [];
    FakeWebSocket.last = this;
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  receive(msg) { this.onmessage({ data: JSON.stringify(msg) }); }
}
globalThis.WebSocket = FakeWebSocket;
globalThis.location = { protocol: 'http:', host: 'localhost' };

const { createSocket } = await import('../../web/js/net/socket.js');

function open() {
  const statuses = [];
  const socket = createSocket({ onStatus: (s) => statuses.push(s) });
  const ws = FakeWebSocket.last;
  ws.onopen();
  ws.receive({ t: 'welcome', epoch: 'e1' });
  return { socket, ws, statuses };
}
const sockets = [];
after(() => { for (const s of sockets) s.close(); });

test('each message reaches the handlers of its type only', () => {
  const { socket, ws, statuses } = open();
  sockets.push(socket);
  assert.equal(ws.url, 'ws://localhost/ws?protocol=1');
  assert.deepEqual(statuses, ['connecting', 'online']);
  const heard = [];
  const offBalance = socket.on('balance', (m) => heard.push(['balance', m.coins]));
  socket.on(['t_state', 't_ev'], (m) => heard.push([m.t, m.tournament]));
  ws.receive({ t: 'balance', coins: 7 });
  ws.receive({ t: 't_ev', tournament: 3 });
  ws.receive({ t: 'lobby', rooms: [] });
  ws.receive({ t: 'pong', n: 1 });
  offBalance();
  ws.receive({ t: 'balance', coins: 8 });
  assert.deepEqual(heard, [['balance', 7], ['t_ev', 3]]);
  assert.equal(socket.subscriptions(), 2);
});

test('acks and errors answer their command; an error without an id is dispatched', async () => {
  const { socket, ws } = open();
  sockets.push(socket);
  const errors = [];
  socket.on('error', (m) => errors.push(m.code));
  socket.on('ack', () => assert.fail('an ack is not dispatched'));
  const ok = socket.send({ t: 'ready', table: 1, ready: true });
  const refused = socket.send({ t: 'sit', table: 1, color: 'red' });
  const [a, b] = ws.sent.slice(-2);
  ws.receive({ t: 'ack', id: a.id });
  ws.receive({ t: 'error', id: b.id, code: 'seat_taken', message: 'taken' });
  ws.receive({ t: 'error', table: 1, code: 'not_enough_coins' });
  assert.equal((await ok).t, 'ack');
  await assert.rejects(refused, (e) => e.code === 'seat_taken');
  assert.deepEqual(errors, ['not_enough_coins'], 'only the unanswered error');
});

test("a watched table's events pass in order; a gap asks for what was missed", () => {
  const { socket, ws } = open();
  sockets.push(socket);
  const heard = [];
  socket.on(['table_state', 'ev'], (m) => heard.push(m.t === 'ev' ? m.v : `state@${m.v}`));
  socket.watchTable(5);
  assert.deepEqual(ws.sent.at(-1), { t: 'join', table: 5 });
  ws.receive({ t: 'ev', table: 5, v: 3, e: {} }); // before the table_state: dropped
  ws.receive({ t: 'table_state', table: 5, epoch: 'x', v: 3, state: {} });
  ws.receive({ t: 'ev', table: 5, v: 4, e: {} });
  ws.receive({ t: 'ev', table: 5, v: 4, e: {} }); // again: dropped
  ws.receive({ t: 'ev', table: 5, v: 6, e: {} }); // gap: join since 4
  ws.receive({ t: 'ev', table: 9, v: 1, e: {} }); // a table not watched: passes as it is
  assert.deepEqual(heard, ['state@3', 4, 1]);
  assert.deepEqual(ws.sent.at(-1), { t: 'join', table: 5, epoch: 'x', since: 4 });
});
