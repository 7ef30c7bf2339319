// The lobby's chat panel (index.html, docs/protocol.md "Lobby chat"): the latest lines when the
// page subscribes (again after every reconnect, so nothing said while away is missed), then
// each new line as it is pushed. Lines carry ids: one that arrives both in the backlog and
// live is shown once. The server leaves out the lines of players the reader blocks, so the
// page filters nothing. Registered players write; guests and visitors only read.
//
// For screen readers the lines are a list inside a polite live region: a new line is
// appended (announced once), a fresh backlog replaces the list while the region is busy (not
// read out line by line).

import { formatDateTime } from './format.js';
import { currentLanguage, t } from './i18n.js';

const kMaxShown = 200; // lines kept on the page; older ones scroll away

export class LobbyChat {
  constructor({ socket }) {
    this.socket_ = socket;
    this.el_ = (id) => document.getElementById(id);
    this.region_ = this.el_('lobby-chat-log');
    this.list_ = this.el_('lobby-chat-lines');
    this.form_ = this.el_('lobby-chat-form');
    this.input_ = this.el_('lobby-chat-text');
    this.lines_ = []; // {id, from, text, timeMs}, oldest first
    this.user_ = null;
    this.message_ = null; // {key, params} of the last refusal, said again in a new language
    this.form_.addEventListener('submit', (event) => {
      event.preventDefault();
      this.send_();
    });
    socket.on('lobby_chat_line', ({ line }) => this.add_(line));
    socket.addEventListener('connected', () => this.subscribe_());
    if (socket.connected) this.subscribe_();
  }

  // user: the socket's user or null.
  setUser(user) {
    this.user_ = user;
    const canWrite = Boolean(user && !user.guest);
    this.form_.hidden = !canWrite;
    this.el_('lobby-chat-hint').textContent = canWrite ? '' :
      t(user ? 'lobbyChat.guestHint' : 'lobbyChat.loginHint');
  }

  relabel() {
    this.setUser(this.user_);
    this.say_(this.message_);
    this.render_();
  }

  async subscribe_() {
    try {
      const { lines } = await this.socket_.request('lobby_chat_subscribe');
      this.region_.setAttribute('aria-busy', 'true');
      this.lines_ = [];
      for (const line of lines) this.keep_(line);
      this.render_();
      this.region_.setAttribute('aria-busy', 'false');
    } catch (error) {
      if (error.code !== 'disconnected') this.refused_(error);
    }
  }

  async send_() {
    const text = this.input_.value.trim();
    if (!text) return;
    try {
      await this.socket_.request('lobby_chat', { text });
      this.input_.value = '';
      this.say_(null);
    } catch (error) {
      this.refused_(error);
    }
    this.input_.focus();
  }

  // Keeps the line unless it is already there; true when it was new.
  keep_(line) {
    if (this.lines_.some((kept) => kept.id === line.id)) return false;
    this.lines_.push(line);
    this.lines_.sort((a, b) => a.id - b.id);
    if (this.lines_.length > kMaxShown) this.lines_.splice(0, this.lines_.length - kMaxShown);
    return true;
  }

  add_(line) {
    if (!this.keep_(line)) return;
    // Appended, not re-rendered: the live region reads only the new item.
    if (this.lines_.at(-1) === line && this.list_.children.length < kMaxShown) {
      this.list_.append(this.item_(line));
      this.showEmpty_();
      this.list_.scrollTop = this.list_.scrollHeight;
    } else {
      this.render_();
    }
  }

  item_(line) {
    const item = document.createElement('li');
    item.dataset.lineId = String(line.id);
    const who = document.createElement('a');
    who.href = `player.html?name=${encodeURIComponent(line.from.name)}`;
    who.textContent = line.from.name;
    const time = document.createElement('time');
    time.dateTime = new Date(line.timeMs).toISOString();
    // The hour alone beside the line (it is short on a phone); the whole date on hover.
    time.textContent = new Intl.DateTimeFormat(currentLanguage(),
      { hour: '2-digit', minute: '2-digit' }).format(new Date(line.timeMs));
    time.title = formatDateTime(line.timeMs);
    time.className = 'hint';
    item.append(who, document.createTextNode(`: ${line.text} `), time);
    return item;
  }

  render_() {
    this.list_.replaceChildren(...this.lines_.map((line) => this.item_(line)));
    this.showEmpty_();
    this.list_.scrollTop = this.list_.scrollHeight;
  }

  showEmpty_() {
    this.el_('lobby-chat-empty').hidden = this.lines_.length > 0;
  }

  refused_(error) {
    if (error.code === 'muted') return this.showMute_();
    const known = ['registered_only', 'rate_limited', 'bad_request', 'not_logged_in',
      'store_failed', 'disconnected', 'timeout'];
    this.say_(known.includes(error.code)
      ? { key: `lobbyChat.error.${error.code}`, params: { message: error.message ?? '' } }
      : { key: 'lobbyChat.error.generic', params: { message: error.message ?? error.code } });
  }

  // The refusal says until when and why in the reader's language, from moderation_status.
  async showMute_() {
    try {
      const { mute } = await this.socket_.request('moderation_status');
      if (!mute) return this.say_(null);
      this.say_({ key: mute.untilMs ? 'error.muted' : 'error.mutedForever',
        params: { until: mute.untilMs ? formatDateTime(mute.untilMs) : '', cause: mute.reason } });
    } catch (error) {
      this.say_({ key: 'lobbyChat.error.generic', params: { message: error.message ?? error.code } });
    }
  }

  say_(message) {
    this.message_ = message;
    this.el_('lobby-chat-message').textContent = message ? t(message.key, message.params) : '';
  }
}
