// The challenge form of the lobby (#challenge): opened by a bot's Play button, it offers the
// table settings narrowed to what that bot declares, starting from the create form's current
// choices, and sends `challenge_bot`. On `challenge_accepted` the game page opens; a refusal
// shows next to the field it names (bot_declines) or under the form (bot_busy, ...).

import { declineText } from './bot_format.js';
import { t } from './i18n.js';
import { cloneTableForm, TableForm } from './table_form.js';

// Clears the form's error lines, then shows `text` next to the field the error names, or in
// the form's message line when it names none this form has.
export function showFormError(prefix, error, text) {
  for (const line of document.querySelectorAll(`#${prefix}-form .field-error`)) {
    line.textContent = '';
  }
  const message = document.getElementById(`${prefix}-message`);
  message.textContent = '';
  if (!error) return;
  const line = error.field ? document.getElementById(`${prefix}-${error.field}-error`) : null;
  (line ?? message).textContent = text;
  if (line) document.getElementById(`${prefix}-${error.field}`)?.focus();
}

// Text for an error the lobby's own catalogue knows, else the server's words (bad_request
// among them: its message names the field and what was expected).
export function genericErrorText(error) {
  const known = ['not_logged_in', 'disconnected', 'timeout'];
  return known.includes(error.code) ? t(`error.${error.code}`)
    : t('error.generic', { message: error.message ?? error.code });
}

export class BotChallenge {
  // rules: GET /api/rules; socket: the page's GameSocket; createForm: the create form's
  // TableForm (the starting choices); onStarted(gameId): the game began; onToggle(): the form
  // was opened or closed (the lobby marks the bot's row).
  constructor({ rules, socket, createForm, onStarted, onToggle = () => {} }) {
    this.socket_ = socket;
    this.createForm_ = createForm;
    this.onStarted_ = onStarted;
    this.onToggle_ = onToggle;
    this.presetNames_ = rules.presets.map((preset) => preset.name);
    this.bot_ = null;
    this.error_ = null; // the last refusal, re-translated on a language change
    this.card_ = document.getElementById('challenge');
    this.submit_ = document.getElementById('challenge-submit');
    cloneTableForm(document.getElementById('challenge-form'), 'challenge');
    this.form_ = new TableForm(rules, { prefix: 'challenge' });
    document.getElementById('challenge-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.send_();
    });
    document.getElementById('challenge-close').addEventListener('click', () => {
      const name = this.bot_?.name ?? '';
      this.close();
      this.onToggle_();
      // Back to where the form was opened from, for keyboard users.
      document.querySelector(`#bots tr[data-bot="${CSS.escape(name)}"] .play-bot`)?.focus();
    });
  }

  get botName() { return this.bot_?.name ?? null; }

  open(bot) {
    this.bot_ = bot;
    this.showError_(null);
    this.form_.restrict(bot);
    this.form_.prefill(this.createForm_);
    this.card_.hidden = false;
    this.relabel();
    this.onToggle_();
    this.card_.scrollIntoView({ block: 'nearest' });
    document.getElementById('challenge-size').focus();
  }

  close() {
    this.bot_ = null;
    this.card_.hidden = true;
  }

  // A fresh lobby: the open bot's declaration and counts may have changed.
  update(bots) {
    if (!this.bot_) return;
    const bot = bots.find((entry) => entry.name === this.bot_.name);
    if (!bot) {
      this.close();
      return;
    }
    const declared = (b) => JSON.stringify([b.sizes, b.rules, b.time, b.maxHandicap]);
    if (declared(bot) !== declared(this.bot_)) this.form_.restrict(bot);
    this.bot_ = bot;
  }

  relabel() {
    this.form_.relabel();
    if (this.bot_) {
      document.getElementById('challenge-title').textContent =
        t('challenge.title', { name: this.bot_.name });
    }
    this.showError_(this.error_);
  }

  showError_(error) {
    this.error_ = error;
    if (!error) {
      showFormError('challenge', null, '');
      return;
    }
    if (error.local) {
      // The form's own check, asked again so that it speaks the current language.
      showFormError('challenge', {}, this.form_.fields().error ?? '');
      return;
    }
    showFormError('challenge', error,
      declineText(error, this.bot_, this.presetNames_) ?? genericErrorText(error));
  }

  async send_() {
    const fields = this.form_.fields();
    if (fields.error) {
      this.showError_({ local: true });
      return;
    }
    this.showError_(null);
    this.submit_.disabled = true;
    document.getElementById('challenge-message').textContent = t('challenge.starting');
    try {
      const reply = await this.socket_.request('challenge_bot', { bot: this.bot_.name, ...fields });
      this.onStarted_(reply.game.id);
    } catch (error) {
      this.showError_(error);
    } finally {
      this.submit_.disabled = false;
    }
  }
}
