// #/tournaments: see tournaments.js.
import { mountList } from './tournaments.js';

export function mount(root) { mountList(root); }
