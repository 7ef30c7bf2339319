// The game's chat: players write to the `players` channel, spectators to `spectators`
// (docs/protocol.md). While a game runs players get spectators' lines only as
// {hidden: true} placeholders, which are skipped here.

import { t } from './i18n.js';

export class ChatView {
  // send(text): returns a promise that rejects with the server's error.
  constructor({ send, onError }) {
    this.list_ = document.getElementById('chat');
    this.form_ = document.getElementById('chat-form');
    this.input_ = document.getElementById('chat-text');
    this.channelNote_ = document.getElementById('chat-channel');
    this.lines_ = [];
    this.you_ = 'spectator';
    this.form_.addEventListener('submit', async (event) => {
      event.preventDefault();
      const text = this.input_.value.trim();
      if (!text) return;
      try {
        await send(text);
        this.input_.value = '';
      } catch (error) {
        onError(error);
      }
    });
  }

  // lines: chat entries as in game_state.chat / chat events ({channel, from, text, timeMs}).
  reset(lines) {
    this.lines_ = lines.filter((line) => !line.hidden);
    this.render();
  }

  add(line) {
    if (line.hidden) return;
    this.lines_.push(line);
    this.render();
  }

  // canWrite: a logged-in viewer; you: black, white or spectator.
  setViewer(you, canWrite) {
    this.you_ = you;
    this.form_.hidden = !canWrite;
    this.relabel();
  }

  relabel() {
    const spectator = this.you_ === 'spectator';
    this.channelNote_.textContent = this.form_.hidden ? '' :
      t(spectator ? 'chat.toSpectators' : 'chat.toPlayers');
    this.render();
  }

  render() {
    // Nothing to read and no way to write (a logged-out viewer): no empty "Chat" heading.
    document.getElementById('chat-box').hidden = this.lines_.length === 0 && this.form_.hidden;
    this.list_.replaceChildren(...this.lines_.map((line) => {
      const item = document.createElement('li');
      item.dataset.channel = line.channel;
      const who = document.createElement('strong');
      who.textContent = line.channel === 'spectators'
        ? t('chat.spectatorName', { name: line.from?.name ?? '' })
        : (line.from?.name ?? '');
      item.append(who, document.createTextNode(`: ${line.text}`));
      return item;
    }));
    this.list_.scrollTop = this.list_.scrollHeight;
  }
}
