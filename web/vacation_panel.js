// The account card's vacation line (docs/protocol.md, "Vacation"): how many days the bank
// holds, and a button to start or end one. While a vacation runs, the player's correspondence
// games stand still; it ends by itself when the bank is empty. Registered accounts only:
// guests have no bank.

import { formatDateTime, formatSpan } from './format.js';
import { t } from './i18n.js';

export class VacationPanel {
  // socket: the page's GameSocket.
  constructor(socket) {
    this.socket_ = socket;
    this.status_ = null;
    this.error_ = null;
    this.busy_ = false;
    this.section_ = document.getElementById('vacation');
    this.text_ = document.getElementById('vacation-status');
    this.button_ = document.getElementById('vacation-toggle');
    this.message_ = document.getElementById('vacation-message');
    this.button_.addEventListener('click', () => this.toggle_());
  }

  // The logged-in user, after the socket (re)connected with them.
  async setUser(user) {
    this.status_ = null;
    this.error_ = null;
    this.section_.hidden = !user || user.guest;
    this.render();
    if (!user || user.guest) return;
    try {
      this.status_ = await this.socket_.request('vacation_status');
    } catch (error) {
      this.error_ = error;
    }
    this.render();
  }

  async toggle_() {
    if (!this.status_ || this.busy_) return;
    this.busy_ = true;
    this.error_ = null;
    this.render();
    try {
      this.status_ = await this.socket_.request(this.status_.on ? 'vacation_end' : 'vacation_start');
    } catch (error) {
      this.error_ = error;
    }
    this.busy_ = false;
    this.render();
  }

  render() {
    const status = this.status_;
    this.button_.hidden = !status;
    this.button_.disabled = this.busy_;
    if (!status) {
      this.text_.textContent = '';
    } else {
      const bank = formatSpan(Math.floor(status.bankMs / 1000));
      this.text_.textContent = status.on
        ? t('vacation.on', { until: formatDateTime(status.endsAtMs), bank })
        : t('vacation.off', { bank });
      this.button_.textContent = t(status.on ? 'vacation.end' : 'vacation.start');
      this.button_.setAttribute('aria-pressed', String(status.on));
    }
    this.message_.textContent = this.error_ ? errorText(this.error_) : '';
  }
}

function errorText(error) {
  if (error.code === 'vacation_empty') return t('vacation.empty');
  return t('error.generic', { message: error.message ?? error.code });
}
