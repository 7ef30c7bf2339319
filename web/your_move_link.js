// "Your move" on pages other than the lobby: a link in the site header, inside a polite live
// region, to the game whose deadline comes first among those waiting for the player's move
// (docs/protocol.md, `your_move`), with their number: "Your move: 2 games". On a game page the
// game being shown is left out ("in 1 other game"): the page itself already says whose turn it
// is there. The lobby lists the same games in full (your_move.js).

import { playerName } from './format.js';
import { t } from './i18n.js';

export class YourMoveLink {
  // socket: the page's GameSocket, subscribed to the lobby or to the turns alone
  // (turns_subscribe); gameId: the game this page shows, or null.
  constructor(socket, gameId = null) {
    this.gameId_ = gameId;
    this.games_ = [];
    this.region_ = document.createElement('span');
    this.region_.className = 'your-move-notice';
    this.region_.setAttribute('role', 'status');
    this.link_ = document.createElement('a');
    this.link_.id = 'your-move-link';
    this.region_.append(this.link_);
    const nav = document.querySelector('.site-nav');
    (nav ?? document.querySelector('.site-header') ?? document.body).append(this.region_);
    socket.on('lobby', (message) => {
      if (message.yourMove) this.show_(message.yourMove);
    });
    socket.on('your_move', (message) => this.show_(message.games ?? []));
    this.render();
  }

  // Logged out (or another user): nothing waits until the next lobby reply says so.
  clear() { this.show_([]); }

  show_(games) {
    this.games_ = games.filter((game) => game.gameId !== this.gameId_);
    this.render();
  }

  render() {
    const games = this.games_;
    this.region_.hidden = games.length === 0;
    if (!games.length) {
      this.link_.textContent = '';
      this.link_.removeAttribute('href');
      return;
    }
    const next = games[0];
    this.link_.href = `game.html?id=${next.gameId}`;
    this.link_.dataset.gameId = String(next.gameId);
    const key = this.gameId_ === null ? 'notices.yourMove' : 'notices.yourMoveElsewhere';
    this.link_.textContent = t(key, { count: games.length });
    this.link_.title = t('notices.yourMoveNext', { name: playerName(next.opponent),
      size: `${next.size}×${next.size}` });
  }
}
