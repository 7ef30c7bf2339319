// The player's buttons on the game page: pass and resign (each confirmed in place before it
// is sent), undo request, and the accept/decline prompt when the opponent asks to take a
// move back. `command(type, fields)` sends a game command and reports its errors.

import { t } from './i18n.js';

export class GameControls {
  constructor({ command }) {
    this.command_ = command;
    this.buttons_ = document.getElementById('play-buttons');
    this.confirm_ = document.getElementById('confirm');
    this.confirmText_ = document.getElementById('confirm-text');
    this.undoPrompt_ = document.getElementById('undo-prompt');
    this.pending_ = null; // the command waiting for confirmation: 'pass' | 'resign'
    this.state_ = null;
    this.you_ = 'spectator';

    document.getElementById('pass').addEventListener('click', () => this.ask_('pass'));
    document.getElementById('resign').addEventListener('click', () => this.ask_('resign'));
    document.getElementById('undo').addEventListener('click', () => this.command_('undo_request'));
    document.getElementById('confirm-yes').addEventListener('click', () => {
      const type = this.pending_;
      this.close_();
      if (type) this.command_(type);
    });
    document.getElementById('confirm-no').addEventListener('click', () => this.close_());
    document.getElementById('undo-accept').addEventListener('click', () =>
      this.command_('undo_reply', { accept: true }));
    document.getElementById('undo-decline').addEventListener('click', () =>
      this.command_('undo_reply', { accept: false }));
    document.getElementById('removal-accept').addEventListener('click', () =>
      this.command_('removal_accept'));
    document.getElementById('removal-resume').addEventListener('click', () =>
      this.command_('resume'));
  }

  // hasMoved: the viewer has a move in the list (otherwise there is nothing to undo);
  // againstBot: the opponent is a bot, which never grants an undo, so none is offered.
  update(state, you, hasMoved, againstBot = false) {
    this.state_ = state;
    this.you_ = you;
    const player = you === 'black' || you === 'white';
    const playing = state.phase === 'play' || state.phase === 'handicap';
    // The server accepts a resignation in the removal phase too, but there the game is being
    // counted: a Resign beside Accept invites a misclick, so the row goes with play.
    this.buttons_.hidden = !player || !playing;
    document.getElementById('undo').hidden = againstBot;
    const myTurn = state.phase === 'play' && state.toMove === you;
    document.getElementById('pass').disabled = !myTurn;
    document.getElementById('undo').disabled =
      state.phase !== 'play' || Boolean(state.undoRequest) || !hasMoved;
    // A confirmation that no longer applies (the turn passed, the game ended) goes away.
    if (this.pending_ === 'pass' && !myTurn) this.close_();
    if (this.pending_ && this.buttons_.hidden) this.close_();
    this.renderUndo_();
  }

  relabel() {
    if (this.pending_) this.confirmText_.textContent = t(`game.confirm.${this.pending_}`);
    if (this.state_) this.renderUndo_();
  }

  ask_(type) {
    this.pending_ = type;
    this.confirmText_.textContent = t(`game.confirm.${type}`);
    this.confirm_.hidden = false;
    document.getElementById('confirm-yes').focus();
  }

  close_() {
    this.pending_ = null;
    this.confirm_.hidden = true;
  }

  renderUndo_() {
    const request = this.state_.phase === 'play' ? this.state_.undoRequest : null;
    const player = this.you_ === 'black' || this.you_ === 'white';
    const text = document.getElementById('undo-text');
    const answerable = player && request && request !== this.you_;
    this.undoPrompt_.hidden = !request;
    document.getElementById('undo-accept').hidden = !answerable;
    document.getElementById('undo-decline').hidden = !answerable;
    if (!request) return;
    if (answerable) text.textContent = t('game.undoAsked', { color: t(`color.${request}`) });
    else if (request === this.you_) text.textContent = t('game.undoWaiting');
    else text.textContent = t('game.undoPending', { color: t(`color.${request}`) });
  }
}
