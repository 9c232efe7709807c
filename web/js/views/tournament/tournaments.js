// #/tournaments: the events of the site — running, upcoming and finished, each linking to its
// page (#/tournament/ID, tournament.js) — and, for organisers, the form to create one
// (create.js).

import { api } from '../../net/http.js';
import { t, has, formatDate } from '../../i18n.js';
import { h, fill, errorText } from '../../ui.js';
import { createForm } from './create.js';

/** An event system's name (swiss, robin, knockout, arena). */
const systemName = (s) => (has(`tour.sys.${s}`) ? t(`tour.sys.${s}`) : s);

export function mount(root, app) {
  const box = h('div.tournaments', { 'data-testid': 'tournaments' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  api.tournaments().then((data) => {
    const section = (key) => {
      const items = data?.[key] || [];
      return h('section.panel', { 'data-testid': `tournaments-${key}` },
        h('h2', { text: t(`tour.${key}`) }),
        items.length
          ? h('ul.tour-list', {}, items.map((e) => h('li', {},
            h('a', { href: `#/tournament/${e.id}`, 'data-testid': 'tournament-link', text: e.name }),
            h('span.muted', { 'data-testid': 'tournament-system', 'data-system': e.system, text: ` · ${systemName(e.system)} · ${formatDate(e.starts_at)}` }))))
          : h('p.muted', { text: t('tour.none') }));
    };
    fill(box, h('h1', { text: t('tour.title') }), data?.organiser ? createForm(app) : null,
      section('running'), section('upcoming'), section('finished'));
  }).catch((e) => box.replaceChildren(h('p.error', { text: errorText(e) })));
}

