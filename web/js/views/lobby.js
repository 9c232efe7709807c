// The hall: rooms and their tables (players, ratings, titles, status, spectators), live.

import { t, has } from '../i18n.js';
import { roomLocked } from './gate.js';
import { h, userLine, toast, errorText } from '../ui.js';
import { describeControl } from '../clock.js';

export function mount(root, app) {
  let rooms = [];
  const list = h('div.rooms', { 'data-testid': 'lobby' });
  const render = () => {
    list.replaceChildren(...rooms.map((room) => h(`section.room${roomLocked(room, app.user) ? '.locked' : ''}`, { 'data-room': room.id },
      h('div.lobby-head', {},
        h('h2', { text: has(`room.${room.id}`) ? t(`room.${room.id}`) : room.name }),
        room.min_coins ? h('span.muted', { text: t('lobby.minCoins', { n: room.min_coins }) }) : null,
        roomLocked(room, app.user) ? h('span.locked-note', { 'data-testid': `room-locked-${room.id}` }, h('span.lock-icon'), ` ${t('gate.lobby', { coins: app.user.coins })}`) : null),
      h('div.tables', {}, [...room.tables].sort((a, b) => a.id - b.id).map((tb) => tableCard(tb, roomLocked(room, app.user) ? room.min_coins : 0))))));
  };
  const tableCard = (tb, locked) => {
    const seat = (c) => {
      const s = tb.seats[c];
      return h('div.seat', { 'data-color': c },
        h(`span.dot.${c}`), s ? userLine(s.user) : h('span.muted', { text: t('lobby.empty') }),
        s?.ready ? h('span.muted', { text: `✓ ${t('table.isReady')}` }) : null);
    };
    return h('div.tcard', { 'data-table': tb.id, 'data-testid': `table-${tb.id}` },
      h('div.tcard-head', {},
        h('b', { text: `${t('lobby.table')} ${tb.id}` }),
        h(`span.status.${tb.status}`, { text: t(`status.${tb.status}`) })),
      seat('red'), seat('black'),
      h('div.meta', {}, `${describeControl(tb.control, t)} · ${tb.spectators} ${t('lobby.spectators')}`),
      h('div.actions', {},
        locked
          ? h('button', { type: 'button', 'data-testid': `open-${tb.id}`, disabled: true, title: t('gate.titleRoom') },
            h('span.lock-icon'), ` ${t('gate.enter', { n: locked })}`)
          : h('button', { type: 'button', 'data-testid': `open-${tb.id}`, on: { click: () => app.go(`#/table/${tb.id}`) } },
            tb.status === 'playing' ? t('lobby.watch') : t('lobby.sit'))));
  };
  const off = app.onMessage((msg) => {
    if (msg.t === 'balance') render();
    if (msg.t === 'lobby') { rooms = msg.rooms; render(); }
    if (msg.t === 'lobby_table') {
      const tb = msg.table;
      for (const room of rooms) {
        if (room.id !== tb.room) continue;
        const i = room.tables.findIndex((x) => x.id === tb.id);
        if (i >= 0) room.tables[i] = tb; else room.tables.push(tb);
      }
      render();
    }
  });
  root.appendChild(h('div.lobby', {},
    h('div.lobby-head', {},
      h('h1', { text: t('lobby.title') }),
      h('button', { type: 'button', 'data-testid': 'lobby-ai', on: { click: () => app.go('#/ai') } }, t('nav.ai'))),
    list));
  app.socket?.setLobby(true);
  import('../net/http.js').then(({ api }) => api.lobby())
    .then((data) => { if (!rooms.length) { rooms = data.rooms; render(); } })
    .catch((e) => toast(errorText(e)));
  return {
    unmount() { off(); app.socket?.setLobby(false); },
  };
}
