// The lobby's bot match form (#match): two bots, board size, rules, komi and clock, narrowed
// to what both bots declare; sends `bot_match` and opens the game to watch on
// `bot_match_started`. A refusal shows next to the field it names, with the bot's name.

import { genericErrorText, showFormError } from './bot_challenge.js';
import { declineText } from './bot_format.js';
import { t } from './i18n.js';
import { cloneTableForm, TableForm } from './table_form.js';

const intersect = (a, b) => (a && b ? a.filter((x) => b.includes(x)) : a ?? b ?? null);

export class BotMatch {
  // rules: GET /api/rules; socket: the page's GameSocket; onStarted(gameId): the match began.
  constructor({ rules, socket, onStarted }) {
    this.socket_ = socket;
    this.onStarted_ = onStarted;
    this.presetNames_ = rules.presets.map((preset) => preset.name);
    this.bots_ = [];
    this.error_ = null;
    this.card_ = document.getElementById('match');
    this.black_ = document.getElementById('match-black');
    this.white_ = document.getElementById('match-white');
    this.submit_ = document.getElementById('match-submit');
    // A match has no challenger to take a colour or a handicap.
    cloneTableForm(document.getElementById('match-form'), 'match',
      { omit: ['colour', 'handicap', 'placement'] });
    this.form_ = new TableForm(rules, { prefix: 'match' });
    this.declared_ = '';
    for (const select of [this.black_, this.white_]) {
      select.addEventListener('change', () => this.restrict_());
    }
    document.getElementById('match-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.send_();
    });
  }

  // The lobby's bots; user: the logged-in user (a match needs one) or null.
  update(bots, user) {
    this.bots_ = bots;
    this.card_.hidden = !user || bots.length === 0;
    const names = bots.map((bot) => bot.name);
    for (const [index, select] of [this.black_, this.white_].entries()) {
      const current = select.value;
      if (JSON.stringify([...select.options].map((o) => o.value)) !== JSON.stringify(names)) {
        select.replaceChildren(...names.map((name) => new Option(name, name)));
      }
      // Two different bots by default: the first for Black, the second for White.
      select.value = names.includes(current) ? current : names[Math.min(index, names.length - 1)]
        ?? '';
    }
    this.restrict_();
  }

  bot_(name) {
    return this.bots_.find((bot) => bot.name === name) ?? null;
  }

  // The settings both bots accept.
  restrict_() {
    const black = this.bot_(this.black_.value);
    const white = this.bot_(this.white_.value);
    if (!black || !white) return;
    const limits = {
      sizes: intersect(black.sizes, white.sizes),
      rules: intersect(black.rules, white.rules),
      time: intersect(black.time, white.time),
    };
    const declared = JSON.stringify(limits);
    if (declared === this.declared_) return;
    this.declared_ = declared;
    this.form_.restrict(limits);
    const empty = ['sizes', 'rules', 'time'].some((key) => limits[key]?.length === 0);
    this.submit_.disabled = empty;
    this.showError_(empty ? { local: 'match.nothingShared' } : null);
  }

  relabel() {
    this.form_.relabel();
    this.showError_(this.error_);
  }

  showError_(error) {
    this.error_ = error;
    if (!error) {
      showFormError('match', null, '');
    } else if (error.local) {
      showFormError('match', {}, error.local === true ? this.form_.fields().error ?? ''
        : t(error.local));
    } else {
      // bot_declines names the bot that refuses; without a name it is either of the two.
      const bot = this.bot_(error.bot) ?? null;
      showFormError('match', error, declineText(error, bot, this.presetNames_) ??
        genericErrorText(error));
    }
  }

  async send_() {
    const fields = this.form_.fields();
    if (fields.error) {
      this.showError_({ local: true });
      return;
    }
    if (this.black_.value === this.white_.value) {
      this.showError_({ local: 'match.sameBot' });
      return;
    }
    this.showError_(null);
    this.submit_.disabled = true;
    document.getElementById('match-message').textContent = t('match.starting');
    try {
      const reply = await this.socket_.request('bot_match',
        { black: this.black_.value, white: this.white_.value, ...fields });
      this.onStarted_(reply.game.id);
    } catch (error) {
      this.showError_(error);
    } finally {
      this.submit_.disabled = this.error_?.local === 'match.nothingShared';
    }
  }
}
