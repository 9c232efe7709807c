// #/tournament/ID: see tournaments.js.
import { mountEvent } from './tournaments.js';

export function mount(root, app, [id]) { return mountEvent(root, app, Number(id)); }
