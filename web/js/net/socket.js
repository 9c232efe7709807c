// The WebSocket of docs/protocol.md: reconnects by itself with backoff, measures lag by ping,
// answers command promises by ack/error ids, resyncs watched tables after a gap or a reconnect
// (join {table, epoch, since: v}), and hands every other message to the handlers subscribed to
// its type (`on(type, handler)`, dispatcher.js).

import { createDispatcher } from './dispatcher.js';

const PING_MS = 4000;
const PONG_TIMEOUT_MS = 10000;

/**
 * hooks: onStatus('connecting'|'online'|'offline'), onWelcome(msg). Server messages other than
 * welcome, ack, pong and answered errors go to the handlers of `socket.on(type, handler)`.
 */
export function createSocket(hooks) {
  let ws = null;
  let nextId = 1;
  let retry = 0;
  let retryTimer = null;
  let pingTimer = null;
  let lastPong = 0;
  let closed = false;
  let lobbyOn = false;
  const pending = new Map(); // id -> {resolve, reject}
  const tables = new Map(); // table id -> {epoch, v}
  const tournaments = new Set(); // tournaments watched (t_watch)
  const pings = new Map(); // n -> sent at
  const self = { lag: 0, epoch: null, status: 'connecting' };
  const messages = createDispatcher();

  function url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/ws?protocol=1`;
  }
  function status(s) {
    self.status = s;
    hooks.onStatus?.(s);
  }
  function connect() {
    if (closed) return;
    status('connecting');
    ws = new WebSocket(url());
    ws.onopen = () => { retry = 0; lastPong = performance.now(); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      receive(msg);
    };
    ws.onclose = () => {
      clearInterval(pingTimer);
      for (const [, p] of pending) p.reject(Object.assign(new Error('offline'), { code: 'offline' }));
      pending.clear();
      if (closed) return;
      status('offline');
      const delay = Math.min(5000, 300 * 2 ** retry);
      retry += 1;
      retryTimer = setTimeout(connect, delay);
    };
  }
  function raw(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }
  function receive(msg) {
    switch (msg.t) {
      case 'welcome':
        self.epoch = msg.epoch;
        status('online');
        pingTimer = setInterval(ping, PING_MS);
        hooks.onWelcome?.(msg);
        if (lobbyOn) raw({ t: 'lobby', on: true });
        for (const [table, tv] of tables) raw(joinMsg(table, tv));
        for (const id of tournaments) raw({ t: 't_watch', tournament: id });
        return;
      case 'pong': {
        lastPong = performance.now();
        const sent = pings.get(msg.n);
        pings.delete(msg.n);
        if (sent !== undefined) self.lag = Math.round((performance.now() - sent) / 2);
        return;
      }
      case 'ack': {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        p?.resolve(msg);
        return;
      }
      case 'error':
        if (msg.id !== undefined && pending.has(msg.id)) {
          const p = pending.get(msg.id);
          pending.delete(msg.id);
          p.reject(Object.assign(new Error(msg.message || msg.code), { code: msg.code, retryAfter: msg.retry_after, until: msg.until }));
          return;
        }
        break;
      case 'table_state':
        tables.set(msg.table, { epoch: msg.epoch, v: msg.v });
        break;
      case 'ev': {
        const tv = tables.get(msg.table);
        if (!tv) break;
        if (tv.v === undefined) return; // a table_state is on its way
        if (msg.v <= tv.v) return; // already applied
        if (msg.v !== tv.v + 1) {
          raw(joinMsg(msg.table, tv)); // gap: ask for what we missed
          return;
        }
        tv.v = msg.v;
        break;
      }
      default:
        break;
    }
    messages.dispatch(msg);
  }
  function joinMsg(table, tv) {
    const m = { t: 'join', table };
    if (tv && tv.epoch && tv.v !== undefined) { m.epoch = tv.epoch; m.since = tv.v; }
    return m;
  }
  let pingN = 0;
  function ping() {
    if (performance.now() - lastPong > PONG_TIMEOUT_MS) {
      ws?.close(); // dead connection: onclose reconnects
      return;
    }
    pingN += 1;
    pings.set(pingN, performance.now());
    raw({ t: 'ping', n: pingN });
  }

  /**
   * Subscribes `handler(msg)` to the server messages of `type` (a `t`, or a list of them);
   * returns the unsubscribe, which a view calls when it is torn down.
   */
  self.on = messages.on;
  /** How many subscriptions are live (for tests and debugging). */
  self.subscriptions = messages.size;
  /** Sends a command; resolves on ack, rejects with {code} on error or when offline. */
  self.send = (msg) => new Promise((resolve, reject) => {
    const id = nextId++;
    if (!raw({ ...msg, id })) {
      reject(Object.assign(new Error('offline'), { code: 'offline' }));
      return;
    }
    pending.set(id, { resolve, reject });
  });
  /** Watches a table from scratch: the answer is a full table_state. */
  self.watchTable = (table) => {
    tables.set(table, { epoch: null, v: undefined });
    raw({ t: 'join', table });
  };
  self.unwatchTable = (table, sendLeave = true) => {
    tables.delete(table);
    if (sendLeave) raw({ t: 'leave', table });
  };
  /** Watches a tournament (again after every reconnect): `t_state`, then its `t_ev`. */
  self.watchTournament = (id) => {
    tournaments.add(id);
    raw({ t: 't_watch', tournament: id });
  };
  self.unwatchTournament = (id) => tournaments.delete(id);
  self.setLobby = (on) => {
    lobbyOn = on;
    raw({ t: 'lobby', on });
  };
  self.close = () => {
    closed = true;
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    ws?.close();
  };
  /** Drops the connection as a network loss would (for tests and debugging). */
  self.drop = () => ws?.close();
  connect();
  return self;
}
