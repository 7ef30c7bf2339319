// Challenges to us (#incoming-challenges, docs/protocol.md "Automatch and challenges"): each
// `challenge_received` push becomes a notice (role=alertdialog, its Accept button focused)
// saying who challenges us to what, with Accept and Decline (`challenge_answer`). A notice
// goes when `challenge_closed` says the challenge was answered (here or in another tab),
// withdrawn or expired; `challenge_started` opens the game.
// Every page of a logged-in player shows them (site_notices.js). The lobby hands the Accept
// button the focus at once; on other pages a player may be typing a move or reading, so the
// focus moves only when nothing holds it, and otherwise the notice is said (role=alert).

import { describeHandicap, describeRules, describeTime, formatNumber } from './format.js';
import { t } from './i18n.js';

export class IncomingChallenges {
  // region: where the notices go (the lobby's #incoming-challenges by default); alwaysFocus:
  // the Accept button of a new notice takes the focus even from another control.
  constructor({ socket, onStarted, region = null, alwaysFocus = true }) {
    this.socket_ = socket;
    this.region_ = region ?? document.getElementById('incoming-challenges');
    this.alwaysFocus_ = alwaysFocus;
    this.notices_ = new Map(); // challengeId -> {message, element, error}
    this.said_ = null; // the role=alert that says a notice the focus did not go to
    socket.on('challenge_received', (message) => this.add_(message));
    socket.on('challenge_closed', (message) => this.remove_(message.challengeId));
    socket.on('challenge_started', (message) => {
      this.remove_(message.challengeId);
      onStarted(message.gameId);
    });
  }

  relabel() {
    for (const notice of this.notices_.values()) this.fill_(notice);
  }

  add_(message) {
    const element = document.createElement('div');
    element.className = 'incoming-challenge card';
    element.setAttribute('role', 'alertdialog');
    element.dataset.challengeId = message.challengeId;
    const notice = { message, element, error: null };
    this.notices_.set(message.challengeId, notice);
    this.fill_(notice);
    this.region_.append(element);
    const active = document.activeElement;
    if (this.alwaysFocus_ || !active || active === document.body) {
      element.querySelector('.accept').focus();
    } else {
      this.say_(`${element.querySelector('h2').textContent}. ${
        element.querySelector('p').textContent}`);
    }
  }

  // An alert is said as it is inserted with its text; it goes with the last notice, so a page
  // without challenges has no second alert beside its own.
  say_(text) {
    this.said_?.remove();
    this.said_ = null;
    if (!text) return;
    this.said_ = document.createElement('p');
    this.said_.className = 'visually-hidden';
    this.said_.setAttribute('role', 'alert');
    this.said_.textContent = text;
    document.body.append(this.said_);
  }

  remove_(challengeId) {
    const notice = this.notices_.get(challengeId);
    if (!notice) return;
    const hadFocus = notice.element.contains(document.activeElement);
    notice.element.remove();
    this.notices_.delete(challengeId);
    if (!this.notices_.size) this.say_(null);
    if (hadFocus) this.region_.querySelector('.accept')?.focus();
  }

  fill_(notice) {
    const { message, element } = notice;
    const table = message.table ?? {};
    const id = `incoming-${message.challengeId}`;
    const title = document.createElement('h2');
    title.id = `${id}-title`;
    title.textContent = t('incoming.title', { name: message.from.name });
    const terms = document.createElement('p');
    terms.id = `${id}-terms`;
    terms.textContent = t('incoming.terms', {
      size: `${table.size}×${table.size}`,
      rules: describeRules(table.rules),
      time: describeTime(table.time),
      colour: t(`incoming.colour.${message.yourColour}`),
      komi: formatNumber(table.komi ?? 0),
      handicap: describeHandicap(table),
      rated: t(table.rated === false ? 'game.unrated' : 'game.rated'),
    });
    element.setAttribute('aria-labelledby', title.id);
    element.setAttribute('aria-describedby', terms.id);
    const buttons = document.createElement('div');
    buttons.className = 'buttons';
    const button = (key, className, accept) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = className;
      b.textContent = t(key);
      b.addEventListener('click', () => this.answer_(notice, accept));
      return b;
    };
    buttons.append(button('incoming.accept', 'accept primary', true),
      button('incoming.decline', 'decline', false));
    const error = document.createElement('p');
    error.className = 'message';
    error.setAttribute('aria-live', 'polite');
    error.textContent = notice.error ? t('error.generic', { message: notice.error }) : '';
    element.replaceChildren(title, terms, buttons, error);
  }

  async answer_(notice, accept) {
    const id = notice.message.challengeId;
    for (const b of notice.element.querySelectorAll('button')) b.disabled = true;
    try {
      await this.socket_.request('challenge_answer', { challengeId: id, accept });
      if (!accept) this.remove_(id);
    } catch (error) {
      notice.error = error.message ?? error.code;
      this.fill_(notice);
    }
  }
}
