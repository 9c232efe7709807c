// #/ladders: every ladder of the site (梯级挑战赛) with its players and open challenges; each
// links to its page (#/ladder/ID, ladder.js).

import { api } from '../../net/http.js';
import { t } from '../../i18n.js';
import { h, errorText } from '../../ui.js';

export function mount(root) {
  const box = h('div.ladders', { 'data-testid': 'ladders' }, h('span.muted', { text: '…' }));
  root.appendChild(box);
  api.ladders().then((list) => {
    box.replaceChildren(h('h1', { text: t('ladder.title') }),
      h('section.panel', {}, list.length
        ? h('ul.tour-list', {}, list.map((l) => h('li', {},
          h('a', { href: `#/ladder/${l.id}`, 'data-testid': 'ladder-link', text: l.name }),
          h('span.muted', { text: ` · ${t('ladder.players', { n: l.players })} · ${t('ladder.openCount', { n: l.open })}` }))))
        : h('p.muted', { text: t('tour.none') })));
  }).catch((e) => box.replaceChildren(h('p.error', { text: errorText(e) })));
}
