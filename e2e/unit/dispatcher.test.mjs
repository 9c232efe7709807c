// Unit tests of the socket's message dispatch (web/js/net/dispatcher.js): a handler hears only
// the types it subscribed to, in subscription order, until it unsubscribes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDispatcher } from '../../web/js/net/dispatcher.js';

test('a handler hears only its own type', () => {
  const d = createDispatcher();
  const heard = [];
  d.on('ev', (m) => heard.push(`ev:${m.v}`));
  d.on('balance', (m) => heard.push(`balance:${m.coins}`));
  assert.equal(d.dispatch({ t: 'ev', v: 1 }), 1);
  assert.equal(d.dispatch({ t: 'balance', coins: 5 }), 1);
  assert.equal(d.dispatch({ t: 'lobby' }), 0, 'nobody listens to lobby');
  assert.deepEqual(heard, ['ev:1', 'balance:5']);
});

test('a list of types shares one handler and one unsubscribe', () => {
  const d = createDispatcher();
  const heard = [];
  const off = d.on(['t_state', 't_ev'], (m) => heard.push(m.t));
  d.dispatch({ t: 't_state' });
  d.dispatch({ t: 't_ev' });
  d.dispatch({ t: 'ev' });
  assert.deepEqual(heard, ['t_state', 't_ev']);
  assert.equal(d.size(), 2);
  off();
  assert.equal(d.size(), 0);
  d.dispatch({ t: 't_ev' });
  assert.deepEqual(heard, ['t_state', 't_ev']);
});

test('handlers run in subscription order; unsubscribing stops only that one', () => {
  const d = createDispatcher();
  const heard = [];
  const offA = d.on('balance', () => heard.push('a'));
  d.on('balance', () => heard.push('b'));
  d.dispatch({ t: 'balance' });
  offA();
  offA(); // twice is harmless
  d.dispatch({ t: 'balance' });
  assert.deepEqual(heard, ['a', 'b', 'b']);
  assert.equal(d.size(), 1);
});

test('the same handler subscribed twice is two subscriptions', () => {
  const d = createDispatcher();
  let n = 0;
  const fn = () => { n += 1; };
  const off1 = d.on('ev', fn);
  d.on('ev', fn);
  d.dispatch({ t: 'ev' });
  assert.equal(n, 2);
  off1();
  d.dispatch({ t: 'ev' });
  assert.equal(n, 3, 'the second subscription still hears');
});

test('unsubscribing during a dispatch: itself (once-only) and a later handler', () => {
  const d = createDispatcher();
  const heard = [];
  const offOnce = d.on('table_state', (m) => { offOnce(); heard.push(`once:${m.table}`); });
  let offLater = null;
  d.on('table_state', () => { heard.push('second'); offLater(); });
  offLater = d.on('table_state', () => heard.push('later'));
  d.dispatch({ t: 'table_state', table: 1 });
  d.dispatch({ t: 'table_state', table: 2 });
  assert.deepEqual(heard, ['once:1', 'second', 'second']);
});

test('messages without a type, and a handler that is not a function', () => {
  const d = createDispatcher();
  d.on('ev', () => assert.fail('not an ev'));
  assert.equal(d.dispatch({}), 0);
  assert.equal(d.dispatch(null), 0);
  assert.throws(() => d.on('ev', null), TypeError);
});
