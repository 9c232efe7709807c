// #/tournaments: see tournaments.js.
import { mountList } from './tournaments.js';

export function mount(root, app) { mountList(root, app); }
