// "Your tournament game": when a round starts, the server tells each of its players, on every
// page of the site where they are (docs/protocol.md, `tournament_game`), which game is theirs;
// a page opened later asks for the games in play (`tournament_games`).
// Elsewhere the notice floats in the page's corner with the challenges (site_notices.js); in
// the lobby it stands at the top of the page. A game page leaves out the game it shows.

import { t } from './i18n.js';

export class TournamentGameNotice {
  // region: the floating notices' region, or null for the top of <main> (the lobby).
  constructor(socket, { region = null, gameId = null } = {}) {
    this.gameId_ = gameId;
    this.region_ = region;
    this.message_ = null;
    this.card_ = null;
    socket.on('tournament_game', (message) => this.show_(message));
    // A page opened after the round started asks which games are in play (tournament_games).
    socket.addEventListener('connected', async (event) => {
      const user = event.detail.user;
      if (!user || user.guest) return;
      try {
        const reply = await socket.request('tournament_games');
        const game = reply.games.find((g) => g.gameId !== this.gameId_);
        if (game && !this.message_) this.show_(game);
      } catch { /* the notice is a convenience: the lobby and the pages work without it */ }
    });
  }

  show_(message) {
    if (message.gameId === this.gameId_) return;
    this.message_ = message;
    this.render();
  }

  render() {
    const m = this.message_;
    if (!m) return;
    if (!this.card_) {
      this.card_ = document.createElement('section');
      this.card_.className = 'card tournament-game-notice';
      this.card_.id = 'tournament-game-notice';
      this.card_.setAttribute('role', 'status');
      if (this.region_) this.region_.append(this.card_);
      else (document.querySelector('main') ?? document.body).prepend(this.card_);
    }
    const heading = document.createElement('h2');
    heading.textContent = t('notices.tournamentLabel');
    const text = document.createElement('p');
    text.textContent = `${t('notices.tournamentGame', { tournament: m.tournament.name,
      round: m.round, board: m.board, opponent: m.opponent.name })} ${
      t(m.colour === 'black' ? 'notices.tournamentBlack' : 'notices.tournamentWhite')}`;
    const buttons = document.createElement('p');
    buttons.className = 'buttons';
    const play = document.createElement('a');
    play.className = 'button';
    play.id = 'tournament-game-link';
    play.href = `game.html?id=${m.gameId}`;
    play.textContent = t('notices.tournamentPlay');
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = t('notices.tournamentClose');
    close.addEventListener('click', () => {
      this.card_.remove();
      this.card_ = null;
      this.message_ = null;
    });
    buttons.append(play, close);
    this.card_.replaceChildren(heading, text, buttons);
  }
}
