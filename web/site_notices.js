// What reaches a logged-in player on every page of the site, not only in the lobby
// (docs/protocol.md, "Automatch and challenges", `your_move` and `tournament_game`): challenges
// to them, answered where they are (incoming_challenges.js), the games waiting for their move
// (the lobby's list, your_move.js; elsewhere a link in the header, your_move_link.js), and
// their tournament game when its round starts (tournament_game_notice.js).
//
// The server sends `challenge_received` to every socket of the player, and `your_move` to
// those subscribed to the lobby, so each page keeps a socket and, once it knows a user,
// subscribes. The lobby, game and player pages have their own socket; the learn, demo and
// rules pages work without the server, so they open one only when this browser was last seen
// signed in (a visitor without an account costs no socket and no request that would be
// refused).

import { t } from './i18n.js';
import { IncomingChallenges } from './incoming_challenges.js';
import { GameSocket } from './socket.js';
import { TournamentGameNotice } from './tournament_game_notice.js';
import { YourMoveLink } from './your_move_link.js';

const kSignedInKey = 'tengen.signedIn';

function rememberSignedIn(user) {
  try {
    if (user) localStorage.setItem(kSignedInKey, '1');
    else localStorage.removeItem(kSignedInKey);
  } catch { /* storage disabled: pages without a socket of their own stay quiet */ }
}

function lastSeenSignedIn() {
  try {
    return localStorage.getItem(kSignedInKey) === '1';
  } catch {
    return false;
  }
}

// Several messages may announce one start: the first navigates, later ones would abort it.
let opening = false;
function openGame(gameId) {
  if (opening) return;
  opening = true;
  location.href = `game.html?id=${gameId}`;
}

export class SiteNotices {
  // socket: the page's GameSocket, or null to open one if this browser was last signed in.
  // lobby: the lobby page, which has its own #incoming-challenges section and your-move list
  // (and subscribes itself). gameId: the game a game page shows. onStarted(gameId): opens a
  // game a challenge started.
  constructor({ socket = null, lobby = false, gameId = null, onStarted = openGame } = {}) {
    this.socket_ = socket ?? (lastSeenSignedIn() ? new GameSocket() : null);
    this.user_ = undefined;
    this.incoming_ = null;
    this.link_ = null;
    if (!this.socket_) return;
    let region = null;
    if (!lobby) {
      region = document.createElement('section');
      region.className = 'site-notices';
      region.id = 'incoming-challenges';
      region.setAttribute('aria-label', t('incoming.label'));
      document.body.append(region);
      this.link_ = new YourMoveLink(this.socket_, gameId);
    }
    this.region_ = region;
    this.incoming_ = new IncomingChallenges({ socket: this.socket_, onStarted, region,
      alwaysFocus: lobby });
    this.tournament_ = new TournamentGameNotice(this.socket_, { region, gameId });
    this.socket_.addEventListener('connected', (event) => this.onConnected_(event.detail.user,
      { lobby, ownSocket: Boolean(socket) }));
  }

  onConnected_(user, { lobby, ownSocket }) {
    rememberSignedIn(user);
    if (user?.id !== this.user_?.id) this.link_?.clear();
    this.user_ = user;
    if (!user && !ownSocket) {
      this.socket_.close(); // signed out since: nothing can come to this socket
      return;
    }
    // Once: the socket renews its subscription itself after a reconnect.
    if (user && !lobby && !this.socket_.subscribedToLobby && !this.socket_.subscribedToTurns) {
      this.socket_.subscribeTurns();
    }
  }

  relabel() {
    this.region_?.setAttribute('aria-label', t('incoming.label'));
    this.incoming_?.relabel();
    this.link_?.render();
    this.tournament_?.render();
  }
}
