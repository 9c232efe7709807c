// Wires the app: session, socket, language switch and a hash router over the views.
//   #/login  #/  (lobby)  #/table/ID  #/ai  #/me  #/user/ID  #/game/ID (replay)
//   #/tournaments  #/tournament/ID  #/ladders  #/ladder/ID  #/teams  #/team/ID
//   #/leagues  #/league/ID  #/league/ID/match/M  #/notices  #/masters  #/masters/ID
//   #/puzzles  #/puzzles/daily  #/puzzles/p/ID  #/puzzles/streak  #/puzzles/dashboard

import { api } from './net/http.js';
import { createSocket } from './net/socket.js';
import { t, setLang, getLang, onLangChange, translate } from './i18n.js';
import * as authView from './views/account/auth.js';
import * as lobbyView from './views/lobby/lobby.js';
import * as tableView from './views/table/table.js';
import * as aiView from './views/lobby/ai.js';
import * as profileView from './views/account/profile.js';
import * as replayView from './views/records/replay.js';
import * as importView from './views/records/import.js';
import * as collectionView from './views/records/collection.js';
import * as mastersView from './views/records/masters.js';
import * as analysisView from './views/records/analysis.js';
import * as puzzlesView from './views/puzzles/puzzles.js';
import * as tournamentListView from './views/tournament/tournaments.js';
import * as tournamentView from './views/tournament/tournament.js';
import * as laddersView from './views/ladder/ladders.js';
import * as ladderView from './views/ladder/ladder.js';
import * as teamsView from './views/team/teams.js';
import * as teamView from './views/team/team.js';
import * as leaguesView from './views/league/leagues.js';
import * as leagueView from './views/league/league.js';
import * as leagueMatchView from './views/league/match.js';
import * as noticesView from './views/account/notices.js';
import * as settingsView from './views/account/settings.js';
import { loadSettings, setSetting, onSettingsChange } from './settings.js';
import { NOTICE_TYPES, noticeText } from './views/account/notices.js';
import { bindMenu } from './menu.js';
import './views/league/notice.js';
import { formatCoins } from './economy.js';
import { setBaseTitle, isMuted, setMuted, played } from './notify.js';
import { toast, errorText, modal, h } from './ui.js';
import { createVisitorSocket } from './net/visitor.js';

/** The mute switch's icons (drawn, so that no emoji font is needed). */
const SPEAKER = '<path class="body" d="M3 9h4l5-4v14l-5-4H3z"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12"/></svg>`;
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" aria-hidden="true">${SPEAKER}<path d="M16 9l6 6M22 9l-6 6"/></svg>`;

const app = {
  user: null,
  /** One's waiting seeks: id -> { seek, window } (seek_waiting / seek_gone / seek_paired). */
  mySeeks: new Map(),
  /** The socket (net/socket.js) once logged in: views subscribe with `app.socket.on(type, handler)`. */
  socket: null,
  go(hash) { if (location.hash === hash) route(); else location.hash = hash; },
  setUser(user) { this.user = user; renderHeader(); loadSettings(!!user); },
  /** Notices not seen yet (the bell's count). */
  unseen: 0,
  setUnseen(n) { this.unseen = Math.max(0, n | 0); renderHeader(); },
};
globalThis.chuhe = app; // for debugging and tests
app.sounds = played;

/**
 * Who may open a page: OPEN pages show to a visitor who has not signed in (acting on them asks
 * to sign in, `askSignIn`); WATCH pages need a socket, so a visitor enters as a guest on the way
 * (watching asks nothing); USER pages are one's own and go through the login form.
 */
const OPEN = 'open';
const WATCH = 'watch';
const USER = 'user';
const routes = [
  [/^#\/login$/, authView, OPEN],
  [/^#\/?$/, lobbyView, OPEN],
  [/^#\/table\/(\d+)$/, tableView, WATCH],
  [/^#\/ai(?:\?.*)?$/, aiView, OPEN],
  [/^#\/me$/, profileView, USER],
  [/^#\/user\/(\d+)$/, profileView, OPEN],
  [/^#\/game\/(\d+)$/, replayView, OPEN],
  [/^#\/tournaments$/, tournamentListView, OPEN],
  [/^#\/tournament\/(\d+)$/, tournamentView, OPEN],
  [/^#\/ladders$/, laddersView, OPEN],
  [/^#\/ladder\/(\d+)$/, ladderView, OPEN],
  [/^#\/teams$/, teamsView, OPEN],
  [/^#\/team\/(\d+)$/, teamView, OPEN],
  [/^#\/leagues$/, leaguesView, OPEN],
  [/^#\/league\/(\d+)$/, leagueView, OPEN],
  [/^#\/league\/(\d+)\/match\/(\d+)$/, leagueMatchView, OPEN],
  [/^#\/notices$/, noticesView, USER],
  [/^#\/settings$/, settingsView, OPEN],
  [/^#\/import$/, importView, USER],
  [/^#\/collection$/, collectionView, USER],
  [/^#\/masters(?:\/(\d+))?$/, mastersView, OPEN],
  [/^#\/analysis(?:\?(.*))?$/, analysisView, OPEN],
  [/^#\/puzzles(?:\/(daily|streak|dashboard|p)(?:\/(\w+))?)?$/, puzzlesView, OPEN],
];

let current = null;

function route() {
  const hash = location.hash || '#/';
  const view = document.getElementById('view');
  for (const [re, mod, access] of routes) {
    const m = hash.match(re);
    if (!m) continue;
    if (access === USER && !app.user) { signInFirst(hash); return; }
    if (access === WATCH && !app.user) { enterAsGuest(hash); return; }
    if (current?.unmount) current.unmount();
    view.replaceChildren();
    current = mod.mount(view, app, m.slice(1)) || null;
    for (const a of document.querySelectorAll('.nav a')) a.classList.toggle('active', a.getAttribute('href') === hash);
    return;
  }
  app.go('#/');
}

/** Sends a visitor to the login form, which comes back to `hash` afterwards. */
function signInFirst(hash) {
  sessionStorage.setItem('chuhe.next', hash);
  app.go('#/login');
}

/** A visitor continues as a guest (a watched table needs a socket), then goes to `hash`. */
async function enterAsGuest(hash) {
  try {
    const { user } = await api.guest();
    app.loggedIn(user, hash);
  } catch (e) {
    toast(errorText(e));
    signInFirst(hash);
  }
}

/**
 * Asks a visitor who tried to act (sit, seek, play, enter) to sign in or continue as a guest;
 * either way they come back to `next` (the page they were on, or where the action leads).
 * Asked once at a time.
 */
let asking = false;
app.askSignIn = async function askSignIn(next) {
  if (asking || (app.user && !app.socket?.visitor)) return;
  asking = true;
  const here = typeof next === 'string' ? next : location.hash || '#/';
  const choice = await modal({
    title: t('visitor.askTitle'), testid: 'ask-signin',
    body: [h('p', { text: t('visitor.askBody') })],
    buttons: [
      { label: t('visitor.signIn'), value: 'login', testid: 'ask-signin-login' },
      { label: t('visitor.guest'), value: 'guest', primary: true, testid: 'ask-signin-guest' },
    ],
  });
  asking = false;
  if (choice === 'login') signInFirst(here);
  if (choice === 'guest') enterAsGuest(here);
};

function renderHeader() {
  translate(document.body);
  const who = document.getElementById('who');
  who.textContent = app.user ? app.user.name : '';
  document.getElementById('logout').hidden = !app.user;
  document.getElementById('signin').hidden = !!app.user;
  document.getElementById('guest').hidden = !!app.user;
  const coins = document.getElementById('coins');
  const hasCoins = !!app.user && !app.user.guest && Number.isFinite(app.user.coins);
  coins.hidden = !hasCoins;
  coins.title = t('profile.coins');
  coins.dataset.coins = hasCoins ? String(app.user.coins) : '';
  coins.replaceChildren(Object.assign(document.createElement('span'), { className: 'coin-icon' }),
    document.createTextNode(hasCoins ? formatCoins(app.user.coins) : ''));
  const bell = document.getElementById('bell');
  bell.hidden = !app.user;
  bell.title = t('nav.notices');
  bell.dataset.unseen = String(app.unseen);
  document.getElementById('bell-count').textContent = app.unseen > 0 ? String(Math.min(app.unseen, 99)) : '';
  setBaseTitle(() => `${t('app.name')} — ${t('app.tagline')}`);
  const sound = document.getElementById('sound');
  sound.innerHTML = isMuted() ? SPEAKER_OFF : SPEAKER_ON;
  sound.title = t(isMuted() ? 'sound.off' : 'sound.on');
  sound.dataset.muted = isMuted() ? '1' : '0';
  const net = document.getElementById('net');
  const s = app.socket?.visitor ? '' : app.socket?.status || (app.user ? 'connecting' : '');
  net.textContent = s ? t(`net.${s}`) : '';
  net.className = `net ${s}`;
  net.dataset.status = s;
}

/**
 * Opens the socket after login (idempotent). The app's own subscriptions come first, so the
 * header and one's seeks are up to date before a view hears the same message.
 */
app.connect = function connect() {
  if (this.socket && !this.socket.visitor) return;
  const socket = createSocket({
    onStatus: () => renderHeader(),
    onWelcome: (msg) => {
      if (msg.user) this.user = msg.user;
      renderHeader(); repostSeeks(); acceptLinkSeek(); loadUnseen();
      for (const fn of welcomed.splice(0)) fn();
    },
  });
  this.socket = socket;
  socket.on('balance', (msg) => {
    if (this.user && Number.isFinite(msg.coins)) {
      this.user.coins = msg.coins;
      renderHeader();
    }
  });
  socket.on(['seek_waiting', 'seek_gone', 'seek_paired'], followSeeks);
  socket.on(NOTICE_TYPES, (msg) => {
    // A lowered behaviour score says why and what follows: time to read it.
    toast(noticeText(msg), msg.t === 'conduct_notice' ? 9000 : undefined);
    if (location.hash !== '#/notices') this.setUnseen(this.unseen + 1);
  });
};

/** Reads how many stored notices are not seen yet (at each (re)connection). */
async function loadUnseen() {
  if (!app.user) return;
  try {
    const { unseen } = await api.notices(1);
    app.setUnseen(unseen);
  } catch { /* the count stays */ }
}

/** Keeps one's seeks; a pair formed goes to its table. */
function followSeeks(msg) {
  if (msg.t === 'seek_waiting') app.mySeeks.set(msg.seek.id, { seek: msg.seek, window: msg.window });
  if (msg.t === 'seek_gone') app.mySeeks.delete(msg.seek);
  if (msg.t === 'seek_paired') {
    app.mySeeks.clear();
    app.go(`#/table/${msg.table}`);
  }
}

/**
 * After a reconnect, posts one's waiting seeks again: seeks belong to a connection, so the server
 * dropped them with the old socket (or after its restart); `again` keeps one that still waits.
 */
function repostSeeks() {
  const old = [...app.mySeeks.values()].map((e) => e.seek);
  if (!old.length || !app.socket) return;
  app.mySeeks.clear();
  for (const s of old) {
    const msg = { t: 'seek', room: s.room, control: s.control, rated: s.rated, kind: s.kind, again: s.id };
    if (s.color) msg.color = s.color;
    if (s.to) msg.to = s.to;
    app.socket.send(msg).catch((e) => toast(errorText(e)));
  }
}

/** A challenge link (/?seek=ID) opened the page: accept it once connected. */
const LINK_KEY = 'chuhe.seek';
{
  const q = new URLSearchParams(location.search);
  const id = Number(q.get('seek'));
  if (Number.isSafeInteger(id) && id > 0) {
    sessionStorage.setItem(LINK_KEY, JSON.stringify({ seek: id, key: q.get('key') || null }));
    history.replaceState(null, '', `/${location.hash}`);
  }
}
function acceptLinkSeek() {
  const saved = sessionStorage.getItem(LINK_KEY);
  if (!saved || !app.socket) return;
  sessionStorage.removeItem(LINK_KEY);
  let link;
  try { link = JSON.parse(saved); } catch { return; }
  app.socket.send({ t: 'seek_accept', seek: link.seek, key: link.key }).catch((e) => toast(errorText(e)));
}

/** Called at the next `welcome` (the socket is open and the server knows who we are). */
const welcomed = [];

/**
 * Logged in (or guest): remember the user, connect, continue to `next` once the socket is open
 * (the page may act at once: `#/ai?go=1` starts a game), or after WELCOME_MS at the latest.
 */
const WELCOME_MS = 3000;
app.loggedIn = function loggedIn(user, next = '#/') {
  this.setUser(user);
  this.connect();
  let gone = false;
  const go = () => { if (!gone) { gone = true; this.go(next); } };
  welcomed.push(go);
  setTimeout(go, WELCOME_MS);
};

document.getElementById('sound').addEventListener('click', () => { setMuted(!isMuted()); renderHeader(); setSetting('sound', !isMuted()).catch(() => {}); });
document.getElementById('lang').addEventListener('click', () => setLang(getLang() === 'zh' ? 'en' : 'zh'));
document.getElementById('logout').addEventListener('click', async () => {
  try { await api.logout(); } catch { /* already gone */ }
  app.socket?.close();
  app.socket = createVisitorSocket(() => app.askSignIn());
  app.setUser(null);
  app.go('#/login');
});
document.getElementById('signin').addEventListener('click', () => signInFirst(location.hash && location.hash !== '#/login' ? location.hash : '#/'));
document.getElementById('guest').addEventListener('click', () => enterAsGuest(location.hash && location.hash !== '#/login' ? location.hash : '#/'));
onLangChange(() => {
  renderHeader();
  if (current?.relang) current.relang();
  else route();
});
window.addEventListener('hashchange', route);
onSettingsChange(() => renderHeader());
bindMenu();

(async function start() {
  document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
  try {
    const { user } = await api.me();
    app.setUser(user);
    app.connect();
  } catch {
    app.socket = createVisitorSocket(() => app.askSignIn());
    app.setUser(null);
  }
  renderHeader();
  route();
  // A challenge link opened by a visitor: they choose who accepts it first.
  if (!app.user && sessionStorage.getItem(LINK_KEY)) app.askSignIn();
}());
