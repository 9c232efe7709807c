// #/leagues: the team leagues of the site (团体联赛), each linking to its page (#/league/ID).

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText } from '../../ui.js';

export function mount(root) {
  const box = h('div.leagues', { 'data-testid': 'leagues' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  api.leagues().then((list) => {
    box.replaceChildren(h('h1', { text: t('lg.title') }),
      h('section.panel', {}, list.length
        ? h('ul.tour-list', {}, list.map((l) => h('li', {},
          h('a', { href: `#/league/${l.id}`, 'data-testid': 'league-link', text: l.name }),
          h('span.muted', { text: ` · ${t('lg.season', { n: l.season })} · ${t(`lg.phase.${l.phase}`)} · ${t('lg.teams', { n: l.teams })}` }))))
        : h('p.muted', { text: t('lg.none') })));
  }).catch((e) => box.replaceChildren(h('p.error', { text: errorText(e) })));
}
