// "Your move": the games waiting for the logged-in player (docs/protocol.md, `your_move`),
// from the `yourMove` of the lobby reply and the `your_move` pushes, soonest deadline first,
// each with the wall time left until the player's deadline (which, with paused weekends, may
// be longer than their clock shows: the weekend comes on top). Their number goes in the page
// title ("(2) tengen"), so a player with the lobby in a background tab sees it.

import { playerNodes } from './bot_format.js';
import { formatClock } from './format.js';
import { t } from './i18n.js';

const kTickMs = 1000;

export class YourMove {
  // socket: the page's GameSocket, subscribed to the lobby.
  constructor(socket) {
    this.games_ = [];
    this.user_ = null;
    this.socket_ = socket;
    this.section_ = document.getElementById('your-move');
    this.body_ = document.querySelector('#your-move-list tbody');
    socket.on('lobby', (message) => {
      if (message.yourMove) this.show_(message.yourMove);
    });
    socket.on('your_move', (message) => this.show_(message.games ?? []));
    // The clocks count down between pushes.
    setInterval(() => this.renderClocks_(), kTickMs);
  }

  // The logged-in user (null when logged out: the list empties until the next lobby reply).
  setUser(user) {
    if (user?.id !== this.user_?.id) this.games_ = [];
    this.user_ = user;
    this.render();
  }

  show_(games) {
    this.games_ = games;
    this.render();
  }

  render() {
    // Shown only while a game waits: a player without one has nothing to do here.
    this.section_.hidden = !this.user_ || !this.games_.length;
    this.body_.replaceChildren(...this.games_.map((game) => this.row_(game)));
    document.getElementById('your-move-title').textContent =
      t('yourMove.title', { count: this.games_.length });
    const headings = [...this.section_.querySelectorAll('thead th')].map((th) => th.textContent);
    for (const row of this.body_.rows) {
      [...row.cells].forEach((cell, index) => { cell.dataset.label = headings[index] ?? ''; });
    }
    this.renderClocks_();
    const title = t('site.title');
    document.title = this.user_ && this.games_.length
      ? t('yourMove.pageTitle', { count: this.games_.length, title })
      : title;
  }

  row_(game) {
    const row = document.createElement('tr');
    row.dataset.gameId = game.gameId;
    const add = (content) => {
      const cell = document.createElement('td');
      const span = document.createElement('span');
      span.append(...(Array.isArray(content) ? content : [content]));
      cell.append(span);
      row.append(cell);
      return cell;
    };
    add(playerNodes(game.opponent));
    add(`${game.size}×${game.size}`);
    add(String(game.moveNumber ?? 0));
    const clock = add('');
    clock.className = 'your-move-clock';
    clock.dataset.deadlineMs = game.deadlineMs ?? '';
    clock.dataset.paused = String(Boolean(game.paused));
    const link = document.createElement('a');
    link.href = `game.html?id=${game.gameId}`;
    link.textContent = t('yourMove.play');
    add(link);
    return row;
  }

  renderClocks_() {
    for (const cell of this.body_.querySelectorAll('.your-move-clock')) {
      const deadline = Number(cell.dataset.deadlineMs);
      let text = t('yourMove.noClock');
      if (cell.dataset.paused === 'true') text = t('yourMove.paused');
      else if (cell.dataset.deadlineMs) text = formatClock(deadline - this.socket_.serverNowMs());
      cell.firstChild.textContent = text;
    }
  }
}
