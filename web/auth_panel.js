// The lobby's account box: log in, register or play as a guest (REST, see api.js), and log
// out. Calls onChange(user or null) after every change so the page can reconnect its socket
// (the socket learns the user from the session cookie when it opens).

import { login, logout, playAsGuest, register } from './api.js';
import { formatDateTime } from './format.js';
import { t } from './i18n.js';

export class AuthPanel {
  constructor({ onChange }) {
    this.onChange_ = onChange;
    this.user_ = null;
    this.message_ = document.getElementById('account-message');
    this.lastError_ = null;
    const name = document.getElementById('login-name');
    const password = document.getElementById('login-password');
    document.getElementById('login-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.run_(() => login(name.value.trim(), password.value));
    });
    document.getElementById('register').addEventListener('click', () => {
      if (!document.getElementById('login-form').reportValidity()) return;
      this.run_(() => register(name.value.trim(), password.value));
    });
    document.getElementById('guest').addEventListener('click', () => this.run_(playAsGuest));
    document.getElementById('logout').addEventListener('click', () =>
      this.run_(async () => { await logout(); return null; }));
  }

  get user() { return this.user_; }

  show(user) {
    this.user_ = user;
    document.getElementById('logged-out').hidden = Boolean(user);
    document.getElementById('logged-in').hidden = !user;
    this.relabel();
  }

  relabel() {
    const user = this.user_;
    // "Вход" heads the login form; once logged in the card is the account's.
    document.getElementById('account-title').textContent =
      t(user ? 'account.titleSignedIn' : 'account.title');
    if (user) {
      document.getElementById('whoami').textContent = user.guest
        ? t('account.signedInGuest', { name: user.name })
        : t('account.signedIn', { name: user.name });
    }
    this.message_.textContent = this.lastError_ ? errorText(this.lastError_) : '';
  }

  async run_(action) {
    this.lastError_ = null;
    this.message_.textContent = '';
    try {
      const user = await action();
      document.getElementById('login-password').value = '';
      this.show(user);
      this.onChange_(user);
    } catch (error) {
      this.lastError_ = error;
      this.relabel();
    }
  }
}

// The server's account errors in the player's language; anything else by its message.
function errorText(error) {
  // A ban says why (and until when) only after the right password (docs/protocol.md,
  // "Moderation").
  if (error.code === 'banned') {
    return error.untilMs
      ? t('account.error.bannedUntil', { until: formatDateTime(error.untilMs), reason: error.reason })
      : t('account.error.banned', { reason: error.reason });
  }
  const known = ['bad_credentials', 'name_taken', 'bad_request', 'network'];
  if (known.includes(error.code)) return t(`account.error.${error.code}`);
  return t('error.generic', { message: error.message ?? error.code });
}
