// The organiser's form on #/tournaments: name, system (Swiss, round robin, knockout, arena) with its
// format (rounds; cycles; games per match and a third-place match; an arena's minutes and
// berserk, team battle: how many best players of each team count, 0 none), scoring and tie-break preset, time control, rules (AXF or
// CXA, the natural move limit, losing repetitions warned or refused), start time, entry fee and
// prize table (per mille of the pot), and an optional rating pool of the event's own with its
// profile (empty: the site rating). It posts `POST /api/tournaments` and opens
// the new event's page.

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { presetName } from '../../i18n/site.js';
import { h, toast, errorText } from '../../ui.js';
import { POOL_PROFILES } from '../../i18n/pools.js';

const CONTROLS = ['rapid', 'blitz', 'ourgame', 'qq'];
const SYSTEMS = ['swiss', 'robin', 'knockout', 'arena'];
/** Scoring and tie-break presets ('': the system's own). */
const PRESETS = ['', 'cxa-swiss-opp', 'cxa-swiss-prog', 'cxa-rr', 'lichess', 'online'];
const RULES = ['axf', 'cxa'];
const REPETITION = ['warn', 'refuse'];

/** The spec of the form's values (numbers parsed, prizes from "500,300,200"). */
export function specOf(v) {
  const spec = { system: v.system, time_control: v.time_control, entry_fee: Number(v.entry_fee) || 0,
    prizes: String(v.prizes || '').split(/[,\s，]+/).filter(Boolean).map(Number),
    rules: v.rules || 'axf', move_limit: v.move_limit === undefined || v.move_limit === '' ? 60 : Number(v.move_limit),
    repetition: v.repetition || 'warn', preset: v.preset || '',
    titles: String(v.titles || '').split(/[,\s，]+/).filter(Boolean) };
  if (v.system === 'swiss') spec.rounds = Number(v.rounds) || 1;
  if (v.system === 'robin') spec.cycles = Number(v.cycles) || 1;
  if (v.system === 'knockout') { spec.games = Number(v.games) || 1; spec.third_place = !!v.third_place; }
  if (v.system === 'arena') { spec.minutes = Number(v.minutes) || 60; spec.berserk = !!v.berserk; spec.team_top = Number(v.team_top) || 0; }
  const pool = String(v.pool || '').trim();
  if (pool) spec.rating = { pool, profile: v.pool_profile || 'glicko2' };
  return spec;
}

function field(label, input) { return h('label.tour-field', {}, h('span', { text: label }), input); }

/** The form element; `app.go` opens the created event. */
export function createForm(app) {
  const input = (name, attrs) => h('input', { name, 'data-testid': `tc-${name}`, ...attrs });
  const select = (name, values, label) => h('select', { name, 'data-testid': `tc-${name}` },
    values.map((v) => h('option', { value: v, text: label(v) })));
  const start = new Date(Date.now() + 3600_000);
  start.setSeconds(0, 0);
  const local = new Date(start.getTime() - start.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const form = h('form.tour-create', { 'data-testid': 'tournament-create' },
    h('h2', { text: t('tour.create') }),
    field(t('tour.f.name'), input('name', { required: true, maxlength: 80 })),
    field(t('tour.f.system'), select('system', SYSTEMS, (s) => t(`tour.sys.${s}`))),
    h('div.tour-format', {},
      field(t('tour.f.rounds'), input('rounds', { type: 'number', min: 1, max: 99, value: 5, 'data-for': 'swiss' })),
      field(t('tour.f.cycles'), input('cycles', { type: 'number', min: 1, max: 4, value: 1, 'data-for': 'robin' })),
      field(t('tour.f.games'), input('games', { type: 'number', min: 1, max: 20, value: 1, 'data-for': 'knockout' })),
      field(t('tour.f.third'), input('third_place', { type: 'checkbox', 'data-for': 'knockout' })),
      field(t('tour.f.minutes'), input('minutes', { type: 'number', min: 1, max: 1440, value: 60, 'data-for': 'arena' })),
      field(t('tour.f.berserk'), input('berserk', { type: 'checkbox', 'data-for': 'arena' })),
      field(t('tour.f.teamTop'), input('team_top', { type: 'number', min: 0, max: 100, value: 0, 'data-for': 'arena' }))),
    field(t('tour.f.preset'), select('preset', PRESETS, (p) => (p ? t(`tour.preset.${p}`) : t('tour.preset.default')))),
    field(t('tour.f.control'), select('time_control', CONTROLS, (c) => presetName(c, t))),
    field(t('tour.f.rules'), select('rules', RULES, (r) => t(`rules.${r}`))),
    field(t('tour.f.moveLimit'), input('move_limit', { type: 'number', min: 0, max: 1000, value: 60 })),
    field(t('tour.f.repetition'), select('repetition', REPETITION, (r) => t(`rules.rep.${r}`))),
    field(t('tour.f.start'), input('start', { type: 'datetime-local', value: local, required: true })),
    field(t('tour.f.fee'), input('entry_fee', { type: 'number', min: 0, value: 0 })),
    field(t('tour.f.prizes'), input('prizes', { value: '500,300,200', placeholder: '500,300,200' })),
    field(t('tour.f.titles'), input('titles', { placeholder: '特级大师,一级大师' })),
    field(t('tour.f.pool'), input('pool', { maxlength: 32, pattern: '[a-z0-9][a-z0-9_\\-]*', placeholder: 'spring-open' })),
    field(t('tour.f.poolProfile'), select('pool_profile', POOL_PROFILES, (p) => t(`pool.profile.${p}`))),
    h('button.primary', { type: 'submit', 'data-testid': 'tc-submit' }, t('tour.create')));
  const showFormat = () => {
    const system = form.elements.system.value;
    for (const el of form.querySelectorAll('[data-for]')) el.closest('label').hidden = el.dataset.for !== system;
  };
  form.elements.system.addEventListener('change', showFormat);
  showFormat();
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const el = form.elements;
    const values = { system: el.system.value, time_control: el.time_control.value, entry_fee: el.entry_fee.value,
      prizes: el.prizes.value, rounds: el.rounds.value, cycles: el.cycles.value, games: el.games.value,
      third_place: el.third_place.checked, rules: el.rules.value, move_limit: el.move_limit.value,
      repetition: el.repetition.value, preset: el.preset.value, minutes: el.minutes.value,
      berserk: el.berserk.checked, team_top: el.team_top.value, titles: el.titles.value,
      pool: el.pool.value, pool_profile: el.pool_profile.value };
    try {
      const startsAt = new Date(el.start.value).getTime();
      const { id } = await api.createTournament({ name: el.name.value, starts_at: startsAt, spec: specOf(values) });
      app.go(`#/tournament/${id}`);
    } catch (err) {
      toast(errorText(err));
    }
  });
  return h('section.panel', {}, form);
}
