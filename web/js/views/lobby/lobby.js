// The hall: a tab per room (tables, games in progress, people at its tables; locked rooms say
// why), then the chosen room's tables as compact rows in the order of lobbymodel.js, with filters
// (all / free seats / live games to watch, time control). Live: `lobby_table` changes are
// applied at once and drawn at most every RENDER_MS; a row is rebuilt only when its table changed.

import { t, has, getLang } from '../../i18n.js';
import { roomLocked, lockedNote } from './gate.js';
import { h, userLine, toast, errorText } from '../../ui.js';
import { describeControl } from '../../clock.js';
import { handicapText } from '../../handicap.js';
import {
  roomStats, visibleTables, roomControls, applyTable, applySeeks, seated,
} from '../../lobbymodel.js';
import { createSeeks } from './seeks.js';
import { api } from '../../net/http.js';

/** The longest a change waits before it is drawn. */
const RENDER_MS = 150;
/** Rows shown at first (and added by "more"): a phone never scrolls through a thousand tables. */
const PAGE = 60;
const ROOM_KEY = 'chuhe.room';
/** How often a visitor's hall is read again (a visitor has no socket). */
const VISITOR_MS = 5000;

/** The visitor's welcome: what they can do without an account. */
function welcome(app) {
  return h('section.panel.welcome', { 'data-testid': 'visitor-welcome' },
    h('p', { text: t('visitor.hello') }),
    h('div.row', {},
      h('button.primary', { type: 'button', 'data-testid': 'welcome-ai', on: { click: () => app.go('#/ai') } }, t('nav.ai')),
      h('button', { type: 'button', 'data-testid': 'welcome-guest', on: { click: () => document.getElementById('guest')?.click() } }, t('visitor.guest')),
      h('button', { type: 'button', 'data-testid': 'welcome-signin', on: { click: () => document.getElementById('signin')?.click() } }, t('visitor.signIn'))));
}

export function mount(root, app) {
  let rooms = [];
  let active = sessionStorage.getItem(ROOM_KEY);
  const filter = { show: 'all', control: '' };
  const rows = new Map(); // table id -> { key, node }
  let timer = null;
  let limit = PAGE;

  const tabs = h('div.room-tabs', { role: 'tablist', 'data-testid': 'room-tabs' });
  const filters = h('div.lobby-filters');
  const list = h('div.tlist', { 'data-testid': 'table-list' });
  const more = h('button.more', { type: 'button', 'data-testid': 'more-tables', hidden: true, on: { click: () => { limit += PAGE; render(); } } });
  const roomNode = h('section.room');
  const seeks = createSeeks(app);
  roomNode.append(seeks.node, filters, list, more);

  const roomName = (room) => (has(`room.${room.id}`) ? t(`room.${room.id}`) : room.name);
  const current = () => rooms.find((r) => r.id === active) || rooms.find((r) => !roomLocked(r, app.user)) || rooms[0];

  function drawTabs() {
    tabs.replaceChildren(...rooms.map((room) => {
      const s = roomStats(room);
      const locked = roomLocked(room, app.user);
      return h(`button.room-tab${room === current() ? '.active' : ''}${locked ? '.locked' : ''}`, {
        type: 'button', role: 'tab', 'data-testid': `room-tab-${room.id}`, 'data-room': room.id,
        'aria-selected': room === current() ? 'true' : 'false',
        on: { click: () => { active = room.id; sessionStorage.setItem(ROOM_KEY, room.id); filter.control = ''; limit = PAGE; render(); } },
      },
      h('b', { text: roomName(room) }),
      h('span.room-figures', { text: t('lobby.figures', { games: s.games, people: s.people, free: s.free }) }),
      room.min_coins ? h('span.muted', { text: t('lobby.minCoins', { n: room.min_coins }) }) : null,
      locked ? h('span.locked-note', { 'data-testid': `room-locked-${room.id}` }, h('span.lock-icon'), ` ${lockedNote(room, app.user)}`) : null);
    }));
  }

  function drawFilters(room) {
    const shows = ['all', 'free', 'live'].map((id) => h(`button.chip${filter.show === id ? '.active' : ''}`, {
      type: 'button', 'data-testid': `filter-${id}`, on: { click: () => { filter.show = id; limit = PAGE; render(); } },
    }, t(`lobby.show.${id}`)));
    const controls = roomControls(room);
    const select = h('select', { 'data-testid': 'filter-control', 'aria-label': t('table.control'), on: { change: () => { filter.control = select.value; limit = PAGE; render(); } } },
      h('option', { value: '', text: t('lobby.anyControl') }),
      controls.map((c) => h('option', { value: c.key, text: describeControl(c.control, t) })));
    select.value = filter.control;
    filters.replaceChildren(...shows, ...(controls.length > 1 ? [select] : []));
  }

  function seatCell(tb, c) {
    const s = tb.seats?.[c];
    return h('div.seat', { 'data-color': c },
      h(`span.dot.${c}`), s ? userLine(s.user) : h('span.muted', { text: t('lobby.empty') }),
      s?.ready ? h('span.muted', { text: ' ✓' }) : null);
  }

  function rowFor(tb, lockedAt) {
    const key = `${getLang()}|${lockedAt}|${JSON.stringify(tb)}`;
    const cached = rows.get(tb.id);
    if (cached?.key === key) return cached.node;
    const free = seated(tb) < 2 && tb.status !== 'playing';
    const node = h(`div.trow.${tb.status}`, { 'data-table': tb.id, 'data-testid': `table-${tb.id}` },
      h('b.tno', { text: `${t('lobby.table')} ${tb.id}` }),
      seatCell(tb, 'red'), seatCell(tb, 'black'),
      h('span.meta', { text: `${describeControl(tb.control, t)} · ${tb.spectators} ${t('lobby.spectators')}` }),
      tb.handicap ? h('span.handicap', { 'data-testid': `handicap-${tb.id}`, text: handicapText(tb.handicap) }) : null,
      h(`span.status.${tb.status}`, { text: t(`status.${tb.status}`) }),
      lockedAt
        ? h('button', { type: 'button', 'data-testid': `open-${tb.id}`, disabled: true, title: t('gate.titleRoom') },
          h('span.lock-icon'), ` ${t('gate.enter', { n: lockedAt })}`)
        : h(`button${free ? '.primary' : ''}`, { type: 'button', 'data-testid': `open-${tb.id}`, on: { click: () => open(tb, free) } },
          tb.status === 'playing' ? t('lobby.watch') : free ? t('lobby.sit') : t('lobby.open')));
    rows.set(tb.id, { key, node });
    return node;
  }

  /** Opens table `tb`; a visitor who would sit down is asked to sign in first (watching is free). */
  function open(tb, free) {
    if (!app.user && free) app.askSignIn(`#/table/${tb.id}`);
    else app.go(`#/table/${tb.id}`);
  }

  function render() {
    clearTimeout(timer);
    timer = null;
    drawTabs();
    const room = current();
    if (!room) { list.replaceChildren(); return; }
    roomNode.dataset.room = room.id;
    roomNode.classList.toggle('locked', roomLocked(room, app.user));
    seeks.show(roomLocked(room, app.user) ? null : room);
    drawFilters(room);
    const lockedAt = roomLocked(room, app.user) ? room.min_coins : 0;
    const shown = visibleTables(room, filter);
    more.hidden = shown.length <= limit;
    more.textContent = t('lobby.more', { n: shown.length - limit });
    if (!shown.length) {
      list.replaceChildren(h('p.muted', { 'data-testid': 'no-tables', text: t('lobby.noTables') }));
      return;
    }
    placeRows(shown.slice(0, limit).map((tb) => rowFor(tb, lockedAt)));
  }

  /** Puts `nodes` in the list in this order, moving only the rows out of place (keyed, like a virtual DOM). */
  function placeRows(nodes) {
    const want = new Set(nodes);
    for (const child of [...list.children]) if (!want.has(child)) child.remove();
    let ref = list.firstChild;
    for (const node of nodes) {
      if (node === ref) { ref = ref.nextSibling; continue; }
      list.insertBefore(node, ref);
    }
  }

  /** Draws soon: many changes in a burst cost one drawing. */
  const later = () => { if (timer === null) timer = setTimeout(render, RENDER_MS); };

  const offs = [
    app.socket.on('balance', later),
    app.socket.on('lobby', (msg) => { rooms = msg.rooms; render(); }),
    app.socket.on('lobby_table', (msg) => { if (applyTable(rooms, msg.table)) later(); }),
    app.socket.on('lobby_seeks', (msg) => { if (applySeeks(rooms, msg)) later(); }),
  ];
  const visitor = !app.user;
  root.appendChild(h('div.lobby', { 'data-testid': 'lobby' },
    h('div.lobby-head', {},
      h('h1', { text: t('lobby.title') }),
      h('button', { type: 'button', 'data-testid': 'lobby-ai', on: { click: () => app.go('#/ai') } }, t('nav.ai'))),
    visitor ? welcome(app) : null,
    tabs, roomNode));
  app.socket?.setLobby(true);
  // A visitor has no socket: the hall is read again every VISITOR_MS instead.
  const read = (first) => api.lobby()
    .then((data) => { if (first ? !rooms.length : visitor) { rooms = data.rooms; render(); } })
    .catch((e) => { if (first) toast(errorText(e)); });
  read(true);
  const poll = visitor ? setInterval(() => read(false), VISITOR_MS) : null;
  return {
    unmount() { for (const off of offs) off(); seeks.destroy(); clearTimeout(timer); clearInterval(poll); app.socket?.setLobby(false); },
  };
}
