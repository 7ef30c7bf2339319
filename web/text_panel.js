// The game page's text field and what it says (docs/accessibility.md): moves and commands
// typed in GTP coordinates or words, refusals spoken at once with their reason (role=alert),
// answers to questions (role=status, polite) and one sentence per game event plus
// time-trouble warnings (role=status, assertive, as lichess's blind mode says the last move);
// sentences that come close together are said as one (spoken_group.js).
// Shown to everyone under the board: keyboard players use it as much as screen reader users,
// and there is no mode to find first.

import { chargeableMs, remaining } from './clock_view.js';
import { durationInWords, TimeTrouble } from './clock_speech.js';
import { kColumnLetters } from './coords.js';
import { eventSentence } from './move_announcer.js';
import { refusalOf } from './move_refusal.js';
import { SpokenGroup } from './spoken_group.js';
import { answerQuestion } from './text_answers.js';
import { kWordKinds, parseTextCommand } from './text_commands.js';

const kQuestions = new Set(['help', 'last', 'liberties', 'row', 'column', 'stones', 'captures',
  'clocks', 'score']);
const kClockCheckMs = 500;

// A live region says a text again only when it changes: an identical sentence (the same
// refusal twice) gets a trailing no-break space toggled, as lichess does.
function speak(region, text) {
  if (!text) {
    region.textContent = '';
    return;
  }
  const same = region.textContent.replace(/\u00a0$/, '') === text;
  region.textContent = same && !region.textContent.endsWith('\u00a0') ? `${text}\u00a0` : text;
}

export class TextPanel {
  // command(type, fields): sends a game command (the page reports the server's refusals);
  // serverNowMs: the server's time now; cursorVertex: the board cursor's point, which `lib`
  // alone asks about; playAt(vertex): plays a point as a click on the board does (a move, a
  // handicap stone, a confirmation move); describeResult, formatNumber: format.js's.
  constructor({ t, command, serverNowMs, cursorVertex, playAt, describeResult, formatNumber }) {
    this.t_ = t;
    this.playAt_ = playAt;
    this.cursorVertex_ = cursorVertex;
    this.command_ = command;
    this.serverNowMs_ = serverNowMs;
    this.format_ = { describeResult, formatNumber };
    this.form_ = document.getElementById('text-form');
    this.input_ = document.getElementById('text-command');
    this.alert_ = document.getElementById('text-alert');
    this.reply_ = document.getElementById('text-reply');
    this.announce_ = document.getElementById('announcements');
    this.said_ = { alert: null, reply: null, announce: null }; // () => text, for relabel()
    this.spoken_ = new SpokenGroup();
    this.view_ = null; // {game, state, you, moves}
    this.lastCaptured_ = 0;
    this.trouble_ = new TimeTrouble();
    this.form_.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit_(this.input_.value);
    });
    setInterval(() => this.checkClock_(), kClockCheckMs);
  }

  update(view) {
    if (this.view_?.moves.length !== view.moves.length) this.lastCaptured_ = 0;
    this.view_ = view;
  }

  // A game event as it arrives, with the state after it.
  onEvent(event, state) {
    if (!this.view_) return;
    if (event.kind === 'move') this.lastCaptured_ = event.captured ?? 0;
    if (event.kind === 'pass') this.lastCaptured_ = 0;
    const size = this.view_.game.size;
    const { describeResult } = this.format_;
    const sentence = () => eventSentence(event, { state, size, t: this.t_, describeResult });
    if (sentence()) this.sayJoined_(sentence);
  }

  sayJoined_(sentence) {
    this.say_('announce', this.spoken_.add(sentence));
  }

  relabel() {
    for (const [where, message] of Object.entries(this.said_)) {
      if (message) this.say_(where, message);
    }
  }

  say_(where, message) {
    this.said_[where] = message;
    const region = { alert: this.alert_, reply: this.reply_, announce: this.announce_ }[where];
    speak(region, message ? message() : '');
  }

  refuse_(key, params = {}) {
    const t = this.t_;
    this.say_('alert', () => t(key, { ...params,
      color: params.color ? t(`color.${params.color}`) : '',
      stone: params.stone ? t(`board.point.${params.stone}`) : '',
      reason: params.why ? t(`text.why.${params.why}`) : '' }));
    this.input_.select();
  }

  // The input was understood: the field empties and an earlier refusal is no longer true.
  done_() {
    this.say_('alert', null);
    this.input_.value = '';
  }

  words_() {
    return Object.fromEntries(kWordKinds.map((kind) =>
      [kind, this.t_(`text.words.${kind}`).toLowerCase().split(/\s+/)]));
  }

  async submit_(text) {
    const view = this.view_;
    if (!view?.state) return;
    const size = view.game.size;
    const command = parseTextCommand(text, { size, words: this.words_() });
    if (command.kind === 'empty') return;
    if (command.kind === 'error') {
      this.refuse_(`text.error.${command.reason}`, { text: command.text, word: command.word,
        size, last: kColumnLetters[size - 1] });
      return;
    }
    if (command.kind === 'liberties' && !command.vertex) command.vertex = this.cursorVertex_();
    if (kQuestions.has(command.kind)) {
      this.done_();
      this.say_('reply', () => answerQuestion(command, this.context_()));
      return;
    }
    const action = command.kind;
    if (action === 'resign' && !command.confirmed) {
      this.done_();
      const first = (kind) => this.words_()[kind][0];
      this.say_('reply', () => this.t_('text.resignAsk',
        { word: first('resign'), yes: first('yes') }));
      return;
    }
    const refusal = refusalOf(action, { state: view.state, size, you: view.you,
      vertex: command.vertex, hasMoved: view.moves.some((move) => move.colour === view.you) });
    if (refusal) {
      this.refuse_(refusal.key, refusal.params);
      return;
    }
    this.done_();
    this.say_('reply', null);
    const removal = view.state.phase === 'removal';
    if (action === 'move') await this.playAt_(command.vertex);
    else if (action === 'pass') await this.command_(removal ? 'confirm_pass' : 'pass');
    else if (action === 'resign') await this.command_('resign');
    else if (action === 'dead') await this.command_('removal_toggle', { point: command.vertex });
    else if (action === 'resume') await this.command_('resume');
    else if (action === 'accept' && removal) await this.command_('removal_accept');
    else if (action === 'accept' || action === 'decline') {
      await this.command_('undo_reply', { accept: action === 'accept' });
    } else if (action === 'undo' && await this.command_('undo_request')) {
      this.say_('reply', () => this.t_('text.undoSent'));
    }
  }

  clockOf_(colour) {
    const { state, game } = this.view_;
    const clocks = state.clocks;
    // As the clocks on screen count (clock_view.js): weekends and vacations charge nothing.
    const elapsed = clocks.running === colour && !clocks.paused
      ? chargeableMs(clocks.pauseOnWeekends, clocks.serverTimeMs, this.serverNowMs_()) : 0;
    return remaining(clocks[colour], game.time, elapsed);
  }

  context_() {
    const { state, game, moves } = this.view_;
    const lastCaptured = this.lastCaptured_;
    return { state, size: game.size, t: this.t_, ...this.format_,
      moves: moves.map((move, i) => (i === moves.length - 1 ? { ...move, captured: lastCaptured }
        : move)),
      clockOf: (colour) => this.clockOf_(colour) };
  }

  // The viewer's own clock, while it runs: "1 minute left", "2 periods left".
  checkClock_() {
    const view = this.view_;
    const you = view?.you;
    const clocks = view?.state?.clocks;
    if (!clocks || clocks.running !== you || clocks.paused) return;
    const warning = this.trouble_.check(this.clockOf_(you));
    if (!warning) return;
    const { key, params } = warning;
    this.sayJoined_(() => this.t_(key, params.ms === undefined ? params
      : { time: durationInWords(params.ms, this.t_) }));
  }
}
