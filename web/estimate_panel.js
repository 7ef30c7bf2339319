// The score estimate (docs/protocol.md, "Score estimate"): once a game has ended, anyone
// signed in may ask the engine who owns each point at the move the board shows, and what
// result that gives under the game's rules; the answer is drawn on the board (each side's
// area, dead stones, points nobody owns yet) while the board shows that move. The server
// refuses estimates while a game is played unless its table allowed them; the button is
// offered only where the server would answer.

import { describeResult } from './format.js';
import { t } from './i18n.js';

const kOpenPhases = ['removal', 'finished', 'cancelled'];

export class EstimatePanel {
  // socket: the page's GameSocket; onChange: redraws the page (the board's overlay changed).
  constructor({ socket, gameId, onChange }) {
    this.socket_ = socket;
    this.gameId_ = gameId;
    this.onChange_ = onChange;
    this.section_ = document.getElementById('estimate');
    this.button_ = document.getElementById('estimate-button');
    this.text_ = document.getElementById('estimate-result');
    this.estimate_ = null; // the last reply
    this.error_ = null;
    this.busy_ = false;
    this.shown_ = 0; // the move the board shows
    this.button_.addEventListener('click', () => this.ask_());
  }

  // After every state: `shownMove` is the move number the board shows (the replay's); a game
  // whose players allowed estimates (game.estimates) offers them during play too.
  update(state, shownMove, game) {
    const open = kOpenPhases.includes(state?.phase) ||
      (Boolean(game?.estimates) && ['handicap', 'play'].includes(state?.phase));
    this.section_.hidden = !open || !this.socket_.user;
    this.shown_ = shownMove;
    this.render();
  }

  // The board overlay of the estimate when it is of the move shown, else null.
  overlay(shownMove) {
    const estimate = this.estimate_;
    if (!estimate || estimate.moveNumber !== shownMove) return null;
    return {
      blackTerritory: estimate.territory.black,
      whiteTerritory: estimate.territory.white,
      dead: estimate.dead,
      uncertain: estimate.neutral,
    };
  }

  async ask_() {
    if (this.busy_) return;
    this.busy_ = true;
    this.error_ = null;
    this.render();
    try {
      this.estimate_ = await this.socket_.request('score_estimate',
        { gameId: this.gameId_, moveNumber: this.shown_ });
    } catch (error) {
      this.error_ = error;
    }
    this.busy_ = false;
    this.onChange_();
  }

  render() {
    this.button_.disabled = this.busy_;
    this.button_.textContent = t('estimate.button', { move: this.shown_ });
    const estimate = this.estimate_;
    if (this.busy_) this.text_.textContent = t('estimate.working');
    else if (this.error_) this.text_.textContent = t('estimate.refused', { message: this.error_.message ?? this.error_.code });
    else if (estimate) {
      this.text_.textContent = t('estimate.result', { move: estimate.moveNumber,
        result: describeResult(estimate.result) });
    } else this.text_.textContent = '';
  }

  relabel() {
    this.render();
  }
}
