// The engine review of a finished game (docs/protocol.md, "Engine review"): anyone signed in
// may ask the server's bot to look at every position; the review is made once and shown to
// everyone who opens the game. While it is made each position arrives as it is done, and the
// page follows it; once done the graph under the board shows Black's win rate and the
// estimated score, the turning points (the moves that lost the mover the most) are listed as
// buttons that go to them, and the move the bot preferred is marked on the board. A table of
// every position gives screen-reader users the same facts as the graph, and the status line
// announces the turning points when the review is done.

import { kMargin, svgElement } from './board_svg.js';
import { parseVertex } from './coords.js';
import { formatNumber } from './format.js';
import { t } from './i18n.js';
import { drawReviewGraph } from './review_graph.js';

const percent = (rate) => `${formatNumber(Math.round(rate * 1000) / 10)}%`;
const colourOf = (position) => (position.blackToMove ? 'black' : 'white');

export class EngineReviewPanel {
  // onPick(moveNumber): go to that move (the page's replay); onChange: redraw the page.
  constructor({ socket, gameId, onPick, onChange }) {
    this.socket_ = socket;
    this.gameId_ = gameId;
    this.onPick_ = onPick;
    this.onChange_ = onChange;
    this.section_ = document.getElementById('engine-review');
    this.button_ = document.getElementById('engine-review-start');
    this.status_ = document.getElementById('engine-review-status');
    this.graph_ = document.getElementById('engine-review-graph');
    this.legend_ = document.getElementById('engine-review-legend');
    this.botMove_ = document.getElementById('engine-review-bot');
    this.turningTitle_ = document.getElementById('engine-review-turning-title');
    this.turning_ = document.getElementById('engine-review-turning');
    this.details_ = document.getElementById('engine-review-details');
    this.table_ = document.getElementById('engine-review-table');
    this.sgf_ = document.getElementById('engine-review-sgf');
    this.review_ = null; // {status, total, playouts, positions, turningPoints}
    this.error_ = null;
    this.asked_ = false; // the review's state was asked for since the page (re)connected
    this.finished_ = false;
    this.shown_ = 0;
    this.button_.addEventListener('click', () => this.ask_(true));
    // Replies and pushes alike: whichever is of this game.
    socket.on('engine_review', (message) => this.onReview_(message));
    socket.on('engine_review_progress', (message) => this.onProgress_(message));
  }

  // After every state: only a finished game is reviewed; `shownMove` is the move the board shows.
  update(state, shownMove) {
    this.finished_ = state?.phase === 'finished';
    this.section_.hidden = !this.finished_;
    this.shown_ = shownMove;
    if (this.finished_ && !this.asked_) this.ask_(false);
    this.render();
  }

  // A new full state (after a reconnection too): a review underway is followed again.
  resync() {
    if (this.review_?.status !== 'done') this.asked_ = false;
  }

  // The bot's move at the position before move `shownMove` (what it preferred to the move
  // played), once reviewed: {vertex, colour} or null.
  botMoveFor(shownMove) {
    const before = this.review_?.positions?.[shownMove - 1];
    if (!before || shownMove < 1 || before.bestMove === 'pass') return null;
    return { vertex: before.bestMove, colour: colourOf(before) };
  }

  async ask_(start) {
    this.asked_ = true;
    this.error_ = null;
    try {
      this.onReview_(await this.socket_.request('engine_review', { gameId: this.gameId_, start }));
    } catch (error) {
      this.error_ = error;
      if (!start) this.asked_ = false;
      this.render();
    }
  }

  onReview_(message) {
    if (message.gameId !== this.gameId_) return;
    if (message.status === 'failed') {
      this.error_ = { message: message.message };
      this.review_ = null;
    } else {
      this.review_ = message;  // the status line, a live region, says what it brought
    }
    this.render();
    this.onChange_();
  }

  onProgress_(message) {
    if (message.gameId !== this.gameId_ || !this.review_ || this.review_.status === 'done') return;
    const positions = this.review_.positions.slice();
    positions[message.position.moveNumber] = message.position;
    this.review_ = { ...this.review_, status: 'running', total: message.total, positions };
    this.render();
  }

  render() {
    const review = this.review_;
    const status = review?.status ?? 'none';
    this.button_.hidden = !this.socket_.user || !['none'].includes(status);
    this.button_.textContent = t('review.start');
    this.sgf_.hidden = status !== 'done';
    this.sgf_.textContent = t('review.sgf');
    this.sgf_.href = `/api/games/${this.gameId_}/sgf?review=1`;
    this.sgf_.download = `tengen-${this.gameId_}-review.sgf`;
    const positions = (review?.positions ?? []).filter(Boolean);
    this.status_.textContent = this.statusText_(status, positions.length);
    const hasGraph = positions.length > 0;
    this.graph_.hidden = !hasGraph;
    this.legend_.hidden = !hasGraph;
    this.legend_.textContent = t('review.legend');
    const turning = status === 'done' ? review.turningPoints ?? [] : [];
    if (hasGraph) {
      drawReviewGraph(this.graph_, {
        positions, total: review.total, turning: turning.map((p) => p.moveNumber),
        shown: this.shown_, label: t('review.graphLabel', { count: positions.length }),
        onPick: (moveNumber) => this.onPick_(moveNumber),
      });
    }
    this.renderBotMove_();
    this.turningTitle_.hidden = status !== 'done';
    this.turningTitle_.textContent = t('review.turningTitle');
    this.turning_.replaceChildren(...turning
      .slice().sort((a, b) => a.moveNumber - b.moveNumber)
      .map((point) => this.turningItem_(point)));
    this.details_.hidden = status !== 'done';
    this.renderTable_(status === 'done' ? positions : []);
  }

  statusText_(status, made) {
    if (this.error_) return t('review.refused', { message: this.error_.message ?? this.error_.code });
    const review = this.review_;
    if (status === 'none') return this.socket_.user ? t('review.none') : t('review.noneSignIn');
    if (status === 'queued') return t('review.queued', { total: review.total });
    if (status === 'running') return t('review.running', { made, total: review.total });
    const turning = review.turningPoints ?? [];
    if (!turning.length) return t('review.doneEven', { playouts: review.playouts });
    const moves = turning.slice().sort((a, b) => a.moveNumber - b.moveNumber)
      .map((p) => p.moveNumber).join(', ');
    return t('review.done', { playouts: review.playouts, count: turning.length, moves });
  }

  // "Move 12, Black: lost 34% — the bot preferred Q16", a button to that move.
  turningItem_(point) {
    const before = this.review_.positions[point.moveNumber - 1];
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'link-button';
    button.dataset.move = String(point.moveNumber);
    button.textContent = t('review.turning', {
      move: point.moveNumber, color: t(`color.${colourOf(before)}`), drop: percent(point.drop),
      best: point.bestMove === 'pass' ? t('review.pass') : point.bestMove,
    });
    button.addEventListener('click', () => this.onPick_(point.moveNumber));
    item.append(button);
    return item;
  }

  renderBotMove_() {
    const before = this.review_?.positions?.[this.shown_ - 1];
    const after = this.review_?.positions?.[this.shown_];
    if (!before || !after || this.shown_ < 1) {
      this.botMove_.textContent = '';
      return;
    }
    this.botMove_.textContent = t('review.atMove', {
      move: this.shown_, color: t(`color.${colourOf(before)}`),
      best: before.bestMove === 'pass' ? t('review.pass') : before.bestMove,
      before: percent(before.blackWinRate), after: percent(after.blackWinRate),
      score: formatNumber(after.blackMargin),
    });
  }

  renderTable_(positions) {
    const body = this.table_.tBodies[0];
    const head = this.table_.tHead.rows[0];
    ['review.colMove', 'review.colWin', 'review.colScore', 'review.colBot'].forEach((key, i) => {
      head.cells[i].textContent = t(key);
    });
    this.details_.querySelector('summary').textContent = t('review.table');
    if (body.rows.length === positions.length && this.tableLanguage_ === t('review.colMove')) {
      return;
    }
    this.tableLanguage_ = t('review.colMove');
    body.replaceChildren(...positions.map((p) => {
      const row = document.createElement('tr');
      const go = document.createElement('button');
      go.type = 'button';
      go.className = 'link-button';
      go.textContent = String(p.moveNumber);
      go.addEventListener('click', () => this.onPick_(p.moveNumber));
      const cells = [go, percent(p.blackWinRate), formatNumber(p.blackMargin),
        p.bestMove === 'pass' ? t('review.pass') : p.bestMove];
      for (const content of cells) {
        const cell = document.createElement('td');
        cell.append(content);
        row.append(cell);
      }
      return row;
    }));
  }

  relabel() {
    this.tableLanguage_ = null;
    this.render();
  }
}

// The bot's preferred move as a dashed ring on the board (aria-hidden: the panel says it in
// words), in its own layer on top of the board view's SVG as lesson marks are; null removes it.
export function drawBotMove(board, move) {
  const svg = board.element;
  svg.querySelector('.review-marks')?.remove();
  const at = move && parseVertex(move.vertex, board.size);
  if (!at) return;
  const layer = svgElement('g', { class: 'review-marks', 'aria-hidden': 'true',
    'pointer-events': 'none' });
  svg.insertBefore(layer, svg.querySelector('.board-cells'));
  svgElement('circle', { class: 'bot-move-mark', 'data-vertex': move.vertex,
    cx: kMargin + at.col, cy: kMargin + (board.size - 1 - at.row), r: 0.36,
    fill: move.colour === 'black' ? 'rgba(20,20,20,0.35)' : 'rgba(255,255,255,0.6)',
    stroke: '#d81b60', 'stroke-width': 0.09, 'stroke-dasharray': '0.12 0.08' }, layer);
}
