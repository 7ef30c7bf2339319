// Who has left the game (docs/protocol.md "Leaving a game"): "Opponent disconnected (0:45)"
// for the players, which player left for spectators, and once the grace has passed the
// stayer's "Claim the win" and "Annul the game" buttons, each confirmed in place. The
// countdown line is redrawn every second but is not a live region; a separate status line
// announces only the changes (left, back, claim possible), so a screen reader is not
// flooded with ticks.

import { formatClock, playerName } from './format.js';
import { t } from './i18n.js';

const kRunning = ['handicap', 'play', 'removal'];
const kColours = ['black', 'white'];

export class PresenceView {
  // command(type): sends a game command; serverNow(): the server's clock in ms.
  constructor({ command, serverNow }) {
    this.command_ = command;
    this.serverNow_ = serverNow;
    this.box_ = document.getElementById('presence');
    this.text_ = document.getElementById('presence-text');
    this.claimText_ = document.getElementById('presence-claim');
    this.buttons_ = document.getElementById('claim-buttons');
    this.confirm_ = document.getElementById('claim-confirm');
    this.confirmText_ = document.getElementById('claim-confirm-text');
    this.announce_ = document.getElementById('presence-announce');
    this.presence_ = null;
    this.state_ = null;
    this.you_ = 'spectator';
    this.game_ = null;
    this.pending_ = null; // 'claim_win' | 'annul' while its confirmation is open
    this.timer_ = null;
    this.said_ = ''; // the last announcement's situation, so each is said once

    const ask = (type, button) => {
      this.pending_ = type;
      this.opener_ = button;
      this.confirm_.hidden = false;
      this.renderConfirm_();
      document.getElementById('claim-yes').focus();
    };
    const win = document.getElementById('claim-win');
    const annul = document.getElementById('claim-annul');
    win.addEventListener('click', () => ask('claim_win', win));
    annul.addEventListener('click', () => ask('annul', annul));
    document.getElementById('claim-yes').addEventListener('click', () => {
      const type = this.pending_;
      this.close_(false);
      if (type) this.command_(type);
    });
    document.getElementById('claim-no').addEventListener('click', () => this.close_(true));
    this.confirm_.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close_(true);
    });
  }

  setPresence(presence) {
    this.presence_ = presence;
    this.render_();
  }

  update(state, you, game) {
    this.state_ = state;
    this.you_ = you;
    this.game_ = game;
    this.render_();
  }

  relabel() {
    this.said_ = '';
    this.render_();
  }

  close_(refocus) {
    this.pending_ = null;
    this.confirm_.hidden = true;
    if (refocus && this.opener_ && !this.opener_.hidden) this.opener_.focus();
  }

  renderConfirm_() {
    if (!this.pending_) return;
    this.confirmText_.textContent =
      t(this.pending_ === 'annul' ? 'presence.confirmAnnul' : 'presence.confirmClaim');
  }

  // The colours shown disconnected while the game runs.
  absent_() {
    if (!this.presence_ || !kRunning.includes(this.state_?.phase)) return [];
    return kColours.filter((colour) => this.presence_[colour]?.connected === false);
  }

  render_() {
    const absent = this.absent_();
    for (const colour of kColours) {
      const row = document.querySelector(`.player[data-colour="${colour}"]`);
      if (row) row.dataset.away = String(absent.includes(colour));
    }
    this.box_.hidden = absent.length === 0;
    this.tick_(absent.length > 0);
    const player = this.you_ === 'black' || this.you_ === 'white';
    const opponent = this.you_ === 'black' ? 'white' : 'black';
    let claimable = false;
    let situation = absent.join(',');
    if (absent.length === 0) {
      this.text_.textContent = '';
      this.claimText_.textContent = '';
    } else if (player) {
      if (!absent.includes(opponent)) {
        this.text_.textContent = '';
        this.claimText_.textContent = '';
        situation = '';
      } else {
        const away = this.presence_[opponent];
        const now = this.serverNow_();
        this.text_.textContent = t('presence.opponentAway', { time: formatClock(now - away.sinceMs) });
        const grace = this.presence_.claimGraceMs;
        if (grace === null || grace === undefined) {
          this.claimText_.textContent = t('presence.noClaims');
        } else if (away.sinceMs + grace > now) {
          this.claimText_.textContent =
            t('presence.claimIn', { time: formatClock(away.sinceMs + grace - now) });
        } else {
          claimable = true;
          situation += ':claim';
          this.claimText_.textContent = t('presence.claimNow');
        }
      }
    } else {
      const now = this.serverNow_();
      this.text_.textContent = absent.map((colour) => t('presence.playerAway', {
        color: t(`color.${colour}`), name: playerName(this.game_?.[colour]),
        time: formatClock(now - this.presence_[colour].sinceMs),
      })).join(' ');
      this.claimText_.textContent = '';
    }
    this.buttons_.hidden = !claimable;
    if (!claimable && this.pending_) this.close_(false);
    this.renderConfirm_();
    this.say_(situation, player);
  }

  // Announces a change of situation once: someone left, came back, or a claim became possible.
  say_(situation, player) {
    if (situation === this.said_) return;
    const before = this.said_;
    this.said_ = situation;
    let key = null;
    let params = {};
    if (situation.endsWith(':claim')) key = 'presence.claimNow';
    else if (player && situation) key = 'presence.left';
    else if (player && before) key = 'presence.back';
    else if (!player && situation) {
      this.announce_.textContent = this.text_.textContent.replace(/\s*\([^)]*\)/g, '');
      return;
    } else if (!player && before) {
      const back = before.split(',').filter((c) => c && !situation.includes(c))[0];
      if (back) {
        key = 'presence.playerBack';
        params = { color: t(`color.${back}`), name: playerName(this.game_?.[back]) };
      }
    }
    this.announce_.textContent = key ? t(key, params) : '';
  }

  // Redraws every second while somebody is away (the elapsed time and the countdown).
  tick_(on) {
    if (on && !this.timer_) this.timer_ = setInterval(() => this.render_(), 1000);
    if (!on && this.timer_) {
      clearInterval(this.timer_);
      this.timer_ = null;
    }
  }
}
