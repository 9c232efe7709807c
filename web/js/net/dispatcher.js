// Server messages by type: a handler subscribes to the types (`t`) it handles and hears nothing
// else; subscribing returns the unsubscribe that the view calls when it is torn down. Pure: no
// socket, no DOM (tested in e2e/unit/).

/**
 * Returns { on(type | [types], handler) -> off, dispatch(msg), size() }.
 * Handlers of a type run in the order they subscribed; one unsubscribed while a message is being
 * dispatched is not called for it.
 */
export function createDispatcher() {
  /** type -> Set of subscriptions ({ handler }): the same handler may subscribe twice. */
  const byType = new Map();

  /** Calls `handler(msg)` for every message whose `t` is `type` (or one of `type`); returns off(). */
  function on(type, handler) {
    if (typeof handler !== 'function') throw new TypeError('on(type, handler): handler is not a function');
    const types = Array.isArray(type) ? type : [type];
    const sub = { handler };
    for (const t of types) {
      if (!byType.has(t)) byType.set(t, new Set());
      byType.get(t).add(sub);
    }
    let subscribed = true;
    return function off() {
      if (!subscribed) return;
      subscribed = false;
      for (const t of types) {
        const set = byType.get(t);
        if (!set) continue;
        set.delete(sub);
        if (set.size === 0) byType.delete(t);
      }
    };
  }

  /** Hands `msg` to the handlers of its type; returns how many heard it. */
  function dispatch(msg) {
    const set = byType.get(msg?.t);
    if (!set) return 0;
    let n = 0;
    for (const sub of set) { sub.handler(msg); n += 1; }
    return n;
  }

  /** How many subscriptions are live (a handler counts once per type): for tests and debugging. */
  function size() {
    let n = 0;
    for (const set of byType.values()) n += set.size;
    return n;
  }

  return { on, dispatch, size };
}
