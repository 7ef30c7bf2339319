// Challenging a player by name (#pchallenge, docs/protocol.md "Automatch and challenges"):
// opened by the Challenge button beside a name in the lobby's player list (or by
// index.html?challenge=NAME from a player's page), it offers the create form's table settings
// and sends `challenge_player`. While the answer is awaited it shows Withdraw
// (`challenge_cancel`); `challenge_started` opens the game, `challenge_declined` says why not.

import { genericErrorText, showFormError } from './bot_challenge.js';
import { t } from './i18n.js';
import { cloneTableForm, TableForm } from './table_form.js';

const kKnownRefusals = ['player_offline', 'not_found', 'self_challenge', 'is_bot', 'blocked',
  'too_many_challenges', 'registered_only'];

export class PlayerChallenge {
  // rules: GET /api/rules; socket: the page's GameSocket; createForm: the create form's
  // TableForm (the starting choices); onStarted(gameId): the game began.
  constructor({ rules, socket, createForm, onStarted }) {
    this.socket_ = socket;
    this.createForm_ = createForm;
    this.onStarted_ = onStarted;
    this.name_ = null;
    this.pending_ = null; // the challenge_sent reply while we wait
    this.error_ = null;
    this.status_ = null; // [key, params]
    this.card_ = document.getElementById('pchallenge');
    cloneTableForm(document.getElementById('pchallenge-form'), 'pchallenge');
    this.form_ = new TableForm(rules, { prefix: 'pchallenge' });
    document.getElementById('pchallenge-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.send_();
    });
    document.getElementById('pchallenge-close').addEventListener('click', () => this.close());
    document.getElementById('pchallenge-withdraw').addEventListener('click', () => this.withdraw_());
    socket.on('challenge_started', (message) => {
      if (this.pending_?.challengeId === message.challengeId) this.onStarted_(message.gameId);
    });
    socket.on('challenge_declined', (message) => {
      if (this.pending_?.challengeId !== message.challengeId) return;
      this.pending_ = null;
      this.status_ = [`pchallenge.${message.reason === 'timeout' ? 'timeout'
        : message.reason === 'offline' ? 'offline' : 'declined'}`, { name: message.to }];
      this.render_();
    });
  }

  open(name) {
    if (this.pending_) return;
    this.name_ = name;
    this.error_ = null;
    this.status_ = null;
    this.form_.prefill(this.createForm_);
    this.card_.hidden = false;
    this.render_();
    this.card_.scrollIntoView({ block: 'nearest' });
    document.getElementById('pchallenge-size').focus();
  }

  close() {
    this.name_ = null;
    this.card_.hidden = true;
  }

  relabel() {
    this.form_.relabel();
    this.render_();
  }

  render_() {
    if (!this.name_) return;
    document.getElementById('pchallenge-title').textContent =
      t('pchallenge.title', { name: this.name_ });
    document.getElementById('pchallenge-form').hidden = Boolean(this.pending_);
    document.getElementById('pchallenge-waiting').hidden = !this.pending_;
    document.getElementById('pchallenge-status').textContent =
      this.pending_ ? t('pchallenge.waiting', { name: this.name_ }) : '';
    if (this.error_) {
      const error = this.error_;
      showFormError('pchallenge', error, kKnownRefusals.includes(error.code)
        ? t(`pchallenge.error.${error.code}`, { name: this.name_ }) : genericErrorText(error));
    } else {
      showFormError('pchallenge', null, '');
      const [key, params] = this.status_ ?? [];
      document.getElementById('pchallenge-message').textContent = key ? t(key, params) : '';
    }
  }

  async send_() {
    const fields = this.form_.fields();
    if (fields.error) {
      showFormError('pchallenge', {}, fields.error);
      return;
    }
    this.error_ = null;
    this.status_ = null;
    try {
      this.pending_ = await this.socket_.request('challenge_player',
        { name: this.name_, ...fields });
      this.render_();
      document.getElementById('pchallenge-withdraw').focus();
    } catch (error) {
      this.error_ = error;
      this.render_();
    }
  }

  async withdraw_() {
    const pending = this.pending_;
    this.pending_ = null;
    this.status_ = ['pchallenge.withdrawn', { name: this.name_ }];
    this.render_();
    try {
      await this.socket_.request('challenge_cancel', { challengeId: pending.challengeId });
    } catch {
      // Already answered or expired: the other messages say so.
    }
  }
}
