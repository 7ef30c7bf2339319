// Blocking and reporting on a player's profile, and on one's own profile the players one
// blocks and, for moderators, the way to the moderators' page (docs/protocol.md,
// "Moderation"). Everything goes over the page's socket: the server knows who asks from the
// session, and answers at once.

import { t } from './i18n.js';

export class PlayerModeration {
  // name: the profile's player; gameId: the game a report is about (from ?game=), or null.
  // onChange(): called when the reader's blocks change (the page hides its Challenge link).
  constructor({ socket, name, gameId, onChange = () => {} }) {
    this.socket_ = socket;
    this.onChange_ = onChange;
    this.name_ = name;
    this.gameId_ = gameId;
    this.viewer_ = null;
    this.profile_ = null;
    this.status_ = null; // the moderation_status reply
    this.message_ = null; // {key, params} of the last outcome, so it is said again in a new language
    this.el_ = (id) => document.getElementById(id);
    this.el_('block-toggle').addEventListener('click', () => this.toggleBlock_());
    this.el_('report-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.report_();
    });
  }

  // viewer: the socket's user (null: nobody logged in); profile: the player's profile or null.
  async update({ viewer, profile }) {
    this.viewer_ = viewer;
    this.profile_ = profile;
    this.status_ = null;
    if (viewer && this.socket_.connected) {
      try {
        this.status_ = await this.socket_.request('moderation_status');
      } catch {
        this.status_ = null;
      }
    }
    this.render();
  }

  // Whether the reader blocks this profile's player: no challenge is offered then.
  get blocksPlayer() { return this.blocks_(); }

  blocks_() {
    return (this.status_?.blocked ?? []).some(
      (user) => user.name.toLowerCase() === this.name_.toLowerCase());
  }

  render() {
    this.onChange_();
    const viewer = this.viewer_;
    const own = Boolean(viewer && viewer.name === this.name_);
    const other = Boolean(viewer && this.profile_ && !own && !this.profile_.bot);
    this.el_('block-card').hidden = !other || !this.status_;
    this.el_('blocked-card').hidden = !own || !this.status_;
    if (other && this.status_) {
      const blocked = this.blocks_();
      const toggle = this.el_('block-toggle');
      toggle.textContent = t(blocked ? 'block.unblock' : 'block.button', { name: this.name_ });
      toggle.dataset.blocked = String(blocked);
      this.el_('report-game').hidden = !this.gameId_;
      this.el_('report-game').textContent = this.gameId_ ? t('report.game', { id: this.gameId_ }) : '';
    }
    if (own && this.status_) {
      const list = this.el_('blocked-list');
      list.replaceChildren(...this.status_.blocked.map((user) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = `player.html?name=${encodeURIComponent(user.name)}`;
        link.textContent = user.name;
        const unblock = document.createElement('button');
        unblock.type = 'button';
        unblock.textContent = t('block.unblock', { name: user.name });
        unblock.addEventListener('click', () => this.unblock_(user.name));
        item.append(link, unblock);
        return item;
      }));
      this.el_('blocked-none').hidden = this.status_.blocked.length > 0;
      this.el_('moderation-link-line').hidden = !this.status_.moderator;
    }
    this.el_('block-message').textContent =
      this.message_ ? t(this.message_.key, this.message_.params) : '';
  }

  say_(key, params = {}) {
    this.message_ = { key, params };
    this.render();
  }

  fail_(error) {
    const known = ['rate_limited', 'unknown_user', 'unknown_game', 'bad_request', 'not_logged_in',
      'disconnected', 'timeout'];
    if (known.includes(error.code)) this.say_(`moderation.error.${error.code}`);
    else this.say_('error.generic', { message: error.message ?? error.code });
  }

  async toggleBlock_() {
    const blocked = this.blocks_();
    try {
      await this.socket_.request(blocked ? 'unblock' : 'block', { name: this.name_ });
      this.status_ = await this.socket_.request('moderation_status');
      this.say_(blocked ? 'block.undone' : 'block.done', { name: this.name_ });
    } catch (error) {
      this.fail_(error);
    }
  }

  async unblock_(name) {
    try {
      await this.socket_.request('unblock', { name });
      this.status_ = await this.socket_.request('moderation_status');
      this.say_('block.undone', { name });
    } catch (error) {
      this.fail_(error);
    }
  }

  async report_() {
    const fields = { name: this.name_, reason: this.el_('report-reason').value,
      text: this.el_('report-text').value };
    if (this.gameId_) fields.gameId = this.gameId_;
    try {
      await this.socket_.request('report', fields);
      this.el_('report-text').value = '';
      this.say_('report.sent');
    } catch (error) {
      this.fail_(error);
    }
  }
}
