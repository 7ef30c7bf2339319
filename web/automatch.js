// The lobby's "Play now" card (#play-now, docs/protocol.md "Automatch and challenges"): pick a
// board size, a speed (each a fixed clock), a rules preference, whether handicap games are
// welcome and when to be offered a bot; `automatch_find` puts us in the pool. While we wait
// the card shows the time waited and Cancel; a bot offer asks whether to play the bot instead
// (`automatch_cancel`, then `challenge_bot` with the offer's table). `automatch_started`
// opens the game, in every tab that searched.

import { describeRules, describeTime, formatNumber } from './format.js';
import { t } from './i18n.js';
import { formatRank } from './ranks.js';

// The pools' clocks as the server sets them (src/site/automatch/pair_terms.cpp, poolClock),
// shown beside the speed before searching.
export function poolClock(size, speed) {
  if (speed === 'blitz') {
    return { kind: 'fischer', mainSeconds: 30, incrementSeconds: 5, maxSeconds: 300 };
  }
  if (speed === 'correspondence') {
    return { kind: 'fischer', mainSeconds: 3 * 86400, incrementSeconds: 86400,
      maxSeconds: 7 * 86400, pauseOnWeekends: true };
  }
  const main = size <= 9 ? 180 : size <= 13 ? 300 : 600;
  return { kind: 'byoyomi', mainSeconds: main, periods: 5, periodSeconds: 30 };
}

// "1:05" for the time waited: minutes and seconds in the page's digits.
function elapsedText(ms) {
  const total = Math.floor(ms / 1000);
  const seconds = String(total % 60).padStart(2, '0');
  return `${formatNumber(Math.floor(total / 60))}:${seconds}`;
}

export class Automatch {
  // socket: the page's GameSocket; presetNames: the rules presets of GET /api/rules;
  // onStarted(gameId): a game began (the page opens it).
  constructor({ socket, presetNames, onStarted }) {
    this.socket_ = socket;
    this.presetNames_ = presetNames;
    this.onStarted_ = onStarted;
    this.searching_ = null; // the automatch_searching reply while we wait
    this.startedAt_ = 0;
    this.offer_ = null;
    this.message_ = null; // [key, params] of the last message line
    this.timer_ = null;
    this.user_ = null;
    this.el_ = (id) => document.getElementById(`play-now-${id}`);
    this.el_('form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.find_();
    });
    this.el_('cancel').addEventListener('click', () => this.cancel_());
    this.el_('offer-accept').addEventListener('click', () => this.acceptOffer_());
    this.el_('offer-wait').addEventListener('click', () => {
      this.offer_ = null;
      this.render_();
      this.el_('cancel').focus();
    });
    for (const id of ['size', 'speed']) {
      this.el_(id).addEventListener('change', () => this.showClock_());
    }
    socket.on('automatch_started', (message) => {
      this.stop_();
      this.onStarted_(message.gameId);
    });
    socket.on('automatch_bot_offer', (message) => {
      if (!this.searching_) return;
      this.offer_ = message;
      this.render_();
      this.el_('offer-accept').focus();
    });
    socket.on('automatch_cancelled', (message) => {
      if (message.id !== undefined) return; // our own Cancel's reply
      this.stop_();
      this.message_ = [message.reason === 'replaced' ? 'automatch.replaced' : 'automatch.failed'];
      this.render_();
    });
    // A dropped socket ends the search on the server: say so rather than wait forever.
    socket.addEventListener('disconnected', () => {
      if (!this.searching_) return;
      this.stop_();
      this.message_ = ['automatch.lost'];
      this.render_();
    });
    this.el_('size').replaceChildren(...[9, 13, 19].map((n) => new Option(`${n}×${n}`, n)));
    this.el_('size').value = '19';
    this.fillRules_();
    this.relabel();
  }

  // user: the logged-in user or null. Guests see why the card is not for them.
  update(user) {
    this.user_ = user;
    this.render_();
  }

  relabel() {
    this.fillRules_();
    this.showClock_();
    this.render_();
  }

  fillRules_() {
    const select = this.el_('rules');
    const chosen = select.value || 'any';
    const option = (value, text) => {
      const element = document.createElement('option');
      element.value = value;
      element.textContent = text;
      return element;
    };
    select.replaceChildren(option('any', t('automatch.rules.any')),
      ...this.presetNames_.map((name) => option(name, describeRules(name))));
    select.value = chosen;
  }

  showClock_() {
    const speed = this.el_('speed').value;
    const clock = poolClock(Number(this.el_('size').value), speed);
    // A day's clock reads better in days than as 1440 minutes.
    this.el_('clock').textContent = speed === 'correspondence'
      ? t('automatch.clock.correspondence') : describeTime(clock);
  }

  render_() {
    const card = document.getElementById('play-now');
    const registered = Boolean(this.user_ && !this.user_.guest);
    card.hidden = !this.user_;
    this.el_('guest').hidden = registered;
    this.el_('form').hidden = !registered || Boolean(this.searching_);
    this.el_('waiting').hidden = !this.searching_;
    this.el_('offer').hidden = !this.offer_;
    if (this.searching_) {
      const s = this.searching_;
      const status = t('automatch.waiting', {
        size: `${s.size}×${s.size}`, speed: t(`automatch.speed.${s.speed}`).toLocaleLowerCase(),
        rank: formatRank(s.rank) });
      // The status is a live region: rewritten only when it changes, not every second.
      if (this.el_('status').textContent !== status) this.el_('status').textContent = status;
      this.el_('elapsed').textContent = elapsedText(Date.now() - this.startedAt_);
    }
    if (this.offer_) {
      this.el_('offer-text').textContent = t('automatch.offer.text', {
        bot: this.offer_.bot, rank: formatRank(this.offer_.rank) });
    }
    const [key, params] = this.message_ ?? [];
    this.el_('message').textContent = key ? t(key, params) : '';
  }

  async find_() {
    const bot = this.el_('bot').value;
    const fields = {
      size: Number(this.el_('size').value),
      speed: this.el_('speed').value,
      rules: this.el_('rules').value,
      handicap: this.el_('handicap').checked,
      botAfterSeconds: bot ? Number(bot) : null,
    };
    this.message_ = null;
    this.el_('submit').disabled = true;
    try {
      this.searching_ = await this.socket_.request('automatch_find', fields);
      this.startedAt_ = Date.now();
      this.timer_ = setInterval(() => this.render_(), 1000);
      this.render_();
      this.el_('cancel').focus();
    } catch (error) {
      this.message_ = ['error.generic', { message: error.message ?? error.code }];
      if (error.code === 'registered_only') this.message_ = ['automatch.guestHint'];
      this.render_();
    } finally {
      this.el_('submit').disabled = false;
    }
  }

  stop_() {
    clearInterval(this.timer_);
    this.timer_ = null;
    this.searching_ = null;
    this.offer_ = null;
  }

  async cancel_() {
    this.stop_();
    this.render_();
    this.el_('submit').focus();
    try {
      await this.socket_.request('automatch_cancel');
    } catch {
      // A closed socket has ended the search already.
    }
  }

  async acceptOffer_() {
    const offer = this.offer_;
    this.stop_();
    this.message_ = ['automatch.offer.starting', { bot: offer.bot }];
    this.render_();
    try {
      await this.socket_.request('automatch_cancel');
      const reply = await this.socket_.request('challenge_bot', { bot: offer.bot, ...offer.table });
      this.onStarted_(reply.game.id);
    } catch (error) {
      this.message_ = ['error.generic', { message: error.message ?? error.code }];
      this.render_();
    }
  }
}
