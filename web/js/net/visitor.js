// The socket of a visitor who has not signed in: the server opens a WebSocket only for a
// session, so until then the views get this stand-in. Subscriptions are kept (and never
// called), watching is a no-op, and every command asks the visitor to sign in or continue as a
// guest (`askSignIn`) instead of reaching the server; its promise never settles, so no view
// shows an error for it.

import { createDispatcher } from './dispatcher.js';

/** A socket stand-in for a visitor; `askSignIn()` is called on every command. */
export function createVisitorSocket(askSignIn) {
  const messages = createDispatcher();
  return {
    visitor: true,
    status: '',
    lag: 0,
    on: (types, handler) => messages.on(types, handler),
    subscriptions: messages.size,
    send() { askSignIn(); return new Promise(() => {}); },
    watchTable() {},
    unwatchTable() {},
    watchTournament() {},
    unwatchTournament() {},
    setLobby() {},
    close() {},
    drop() {},
  };
}
