// The lobby's offer of the Learn track (#learn-offer): shown to a newcomer, that is a visitor
// without an account (logged out, or a guest) who is not in a game now and has neither
// finished the track nor turned the offer down in this browser. A registered player is no
// newcomer. Someone part-way through the track is offered to continue.

import { t } from './i18n.js';
import { browserDone, closeOffer, offerClosed } from './learn_progress.js';

export class LearnOffer {
  constructor() {
    this.card_ = document.getElementById('learn-offer');
    this.start_ = document.getElementById('learn-offer-start');
    document.getElementById('learn-offer-dismiss').addEventListener('click', () => {
      closeOffer('dismissed');
      this.card_.hidden = true;
    });
  }

  // known: the socket has said who is signed in; lobby: the last `lobby` push.
  update(known, user, lobby) {
    const playing = user && (lobby.games ?? []).some((game) =>
      game.black?.id === user.id || game.white?.id === user.id);
    this.card_.hidden = !known || offerClosed() || Boolean(user && !user.guest) || playing;
    this.relabel();
  }

  relabel() {
    this.start_.textContent = t(browserDone().length ? 'learn.offer.continue' : 'learn.offer.start');
  }
}
