// One board of a lesson: its task, the board (the site's BoardView: keyboard, ARIA grid, red
// crosses from the server's legal set), the answer controls of a question, and the reason or
// the lesson's point in a live region. It knows no rules: every move or answer goes to
// POST /api/lessons/{id}/boards/{n} and the page draws what the judge answers (docs/lessons.md).
//
// Move goals: each click posts every player move so far; the answer's `steps` are animated
// (the stone appears, captured stones fade out, the opponent answers a moment later). On
// `wrong` the reason stays on screen and the board goes back to its start; on `solved` the
// lesson's point shows with a Next button, which gets the focus.
//
// Events: `solved` (the board is solved), `next` (the Next button was pressed).

import { judgeLessonBoard } from './api.js';
import { BoardView } from './board_view.js';
import { describeResult, formatNumber } from './format.js';
import { t } from './i18n.js';
import { drawLessonMarks } from './lesson_marks.js';

const kQuestionKinds = ['legal', 'liberties', 'score'];
const kAnswerDelayMs = 300; // between the player's stone and the opponent's answer
const kFadeMs = 300; // captured stones fading out (matches style.css)
const kResetMs = 1400; // a wrong line stays this long on the board before it resets

// Reason params that are results ("B+4") read as sentences.
const kResultParams = ['result', 'expected'];

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class LessonView extends EventTarget {
  constructor() {
    super();
    this.root_ = document.getElementById('lesson');
    this.board_ = new BoardView(document.getElementById('board'), { t, size: 9 });
    // A screen reader says the task with the board's name when the board gets the focus.
    this.board_.element.setAttribute('aria-describedby', 'task to-play about');
    this.feedback_ = document.getElementById('feedback');
    this.next_ = document.getElementById('next');
    this.reduced_ = matchMedia('(prefers-reduced-motion: reduce)');
    this.generation_ = 0; // bumped on every show(): answers for an older board are dropped
    this.handledCount_ = 0; // inputs answered so far, in data-handled (tests wait on it)
    this.spec_ = null;
    this.message_ = null; // {kind, reason} or {kind: 'solved'}: re-translated on relabel
    this.listen_();
  }

  get element() { return this.board_.element; }

  // lessonId, n (from 1), board: an entry of GET /api/lessons/{id}'s `boards`;
  // nextLabel: the Next button's catalogue key.
  show(lessonId, n, board, { nextLabel }) {
    this.generation_ += 1;
    this.spec_ = { lessonId, n, board, nextLabel };
    this.moves_ = [];
    this.message_ = null;
    this.next_.hidden = true;
    const kind = board.goal.kind;
    this.question_ = kQuestionKinds.includes(kind) ? kind : null;
    for (const form of this.root_.querySelectorAll('[data-answer]')) {
      form.hidden = form.dataset.answer !== this.question_;
      form.reset();
      for (const control of form.elements) control.disabled = false;
    }
    document.getElementById('move-buttons').hidden = Boolean(this.question_);
    this.syncScoreForm_();
    this.setPosition_(board.position);
    this.setState_('ready');
    this.renderTexts_();
  }

  // After a language change: the board's labels and every text of the view.
  relabel() {
    if (!this.spec_) return;
    this.board_.relabel();
    this.drawMarks_();
    this.renderTexts_();
  }

  renderTexts_() {
    const { lessonId, n, board, nextLabel } = this.spec_;
    document.getElementById('task').textContent = t(`lesson.${lessonId}.${n}.task`);
    const toPlay = this.question_ ? null : board.player ?? board.position.toMove;
    document.getElementById('to-play').textContent =
      toPlay ? t('learn.youPlay', { color: t(`color.${toPlay}`) }) : '';
    document.getElementById('about').textContent = this.aboutText_();
    this.next_.textContent = t(nextLabel);
    this.renderMessage_();
  }

  // ---- what the board is about --------------------------------------------------------

  aboutText_() {
    const goal = this.spec_.board.goal;
    if (goal.kind === 'legal') {
      return t('learn.about.legal', { color: t(`color.${goal.color}`), vertex: goal.point });
    }
    if (goal.kind === 'liberties') return t('learn.about.point', { vertex: goal.point });
    if (goal.targets?.length) return t('learn.about.targets', { vertices: goal.targets.join(', ') });
    return '';
  }

  drawMarks_() {
    const goal = this.spec_.board.goal;
    drawLessonMarks(this.board_, { targets: goal.targets ?? [], point: goal.point ?? null,
      stones: this.shown_?.stones ?? {} });
  }

  // ---- positions ------------------------------------------------------------------------

  // A question shows the position only: no player to move, so no crosses that would give
  // a `legal` answer away and no clicks.
  setPosition_(position, { interactive = true } = {}) {
    const shown = this.question_ || !interactive
      ? { ...position, toMove: null, legal: null, reasons: {} } : position;
    this.shown_ = position;
    this.board_.setPosition(shown);
    this.board_.setMode(this.question_ || !interactive ? 'view' : 'play');
    // Stones a score question counts as dead, when the server names them.
    const dead = this.spec_.board.dead ?? position.dead ?? [];
    this.board_.setScoreOverlay(dead.length ? { dead } : null);
    this.drawMarks_();
  }

  setState_(state) {
    this.root_.dataset.state = state;
    this.root_.dataset.moves = String(this.moves_?.length ?? 0);
  }

  // A click, key or answer has had its outcome (shown, or being animated to its end).
  handled_() {
    this.root_.dataset.handled = String(++this.handledCount_);
  }

  // ---- moves ----------------------------------------------------------------------------

  listen_() {
    this.board_.addEventListener('play', (event) => this.move_(event.detail.vertex));
    this.board_.addEventListener('illegal', (event) => {
      const { vertex, why } = event.detail;
      // The server's reasons for this point came with the position; say them as it would.
      this.say_({ kind: 'wrong', reason: why ? { key: why, params: { vertex } }
        : { key: 'forbidden', params: { vertex } } });
      this.handled_();
    });
    document.getElementById('pass').addEventListener('click', () => this.move_('pass'));
    document.getElementById('reset').addEventListener('click', () => this.restart_());
    this.next_.addEventListener('click', () => this.dispatchEvent(new Event('next')));
    for (const form of this.root_.querySelectorAll('[data-answer]')) {
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const answer = this.answerOf_(form, event.submitter);
        if (answer !== null) this.answer_(answer);
      });
    }
    document.getElementById('score-winner').addEventListener('change', () => this.syncScoreForm_());
  }

  async move_(vertex) {
    if (this.root_.dataset.state !== 'ready' || this.question_) return;
    const generation = this.generation_;
    const moves = [...this.moves_, vertex];
    this.setState_('busy');
    this.board_.setMode('view');
    let reply;
    try {
      reply = await judgeLessonBoard(this.spec_.lessonId, this.spec_.n, { moves });
    } catch (error) {
      if (generation !== this.generation_) return;
      this.say_({ kind: 'error', error });
      this.setState_('ready');
      this.board_.setMode('play');
      this.handled_();
      return;
    }
    if (generation !== this.generation_) return;
    const steps = reply.steps ?? [];
    if (reply.status === 'wrong' && !steps.length) {
      // Refused before anything was played (an illegal move): the board stays as it was.
      this.say_({ kind: 'wrong', reason: reply.reason });
      this.setState_('ready');
      this.board_.setMode('play');
      this.handled_();
      return;
    }
    this.moves_ = moves;
    this.say_(null);
    const done = await this.animate_(steps, generation, reply.status === 'continue');
    if (!done) return;
    if (reply.status === 'continue') {
      this.setState_('ready');
      this.handled_();
    } else if (reply.status === 'solved') {
      this.solved_();
      this.handled_();
    } else {
      this.say_({ kind: 'wrong', reason: reply.reason });
      this.setState_('wrong');
      this.handled_();
      await wait(kResetMs);
      if (generation !== this.generation_) return;
      this.restart_({ keepMessage: true });
    }
  }

  // Plays the steps onto the board; false when another board was shown meanwhile.
  async animate_(steps, generation, playOn) {
    const motion = !this.reduced_.matches;
    for (const [i, step] of steps.entries()) {
      if (i > 0 && motion) await wait(kAnswerDelayMs);
      if (generation !== this.generation_) return false;
      const { move, captured = [], position } = step;
      if (captured.length && motion && move.vertex !== 'pass') {
        // The new stone with the captured ones still there, fading out.
        const before = this.shown_.stones ?? {};
        const stones = { black: [...(before.black ?? [])], white: [...(before.white ?? [])] };
        stones[move.color].push(move.vertex);
        this.setPosition_({ size: position.size, stones, toMove: null, lastMove: move },
          { interactive: false });
        for (const vertex of captured) {
          this.board_.element.querySelector(`.stone[data-vertex="${vertex}"]`)
            ?.classList.add('leaving');
        }
        await wait(kFadeMs);
        if (generation !== this.generation_) return false;
      }
      const last = i === steps.length - 1;
      this.setPosition_(position, { interactive: last && playOn });
      if (captured.length) this.board_.announce(this.moveText_(move, captured.length));
    }
    if (!steps.length) this.board_.setMode(playOn ? 'play' : 'view');
    return true;
  }

  moveText_(move, captured) {
    const color = t(`color.${move.color}`);
    const played = move.vertex === 'pass' ? t('board.announce.pass', { color })
      : t('board.announce.move', { color, vertex: move.vertex });
    return `${played}. ${t('learn.captured', { count: captured })}`;
  }

  // Back to the board's start position; the last message stays when asked (a wrong line's
  // reason), with a line saying the board was reset.
  restart_({ keepMessage = false } = {}) {
    if (!this.spec_ || this.question_) return;
    this.generation_ += 1;
    this.moves_ = [];
    this.next_.hidden = true;
    this.setPosition_(this.spec_.board.position);
    if (keepMessage && this.message_) this.message_.reset = true;
    else this.message_ = null;
    this.renderMessage_();
    this.setState_('ready');
  }

  // ---- questions ------------------------------------------------------------------------

  syncScoreForm_() {
    const draw = document.getElementById('score-winner').value === 'draw';
    const margin = document.getElementById('score-margin');
    margin.disabled = draw;
    margin.required = !draw;
  }

  // The answer text the judge takes, or null (and a message) when the form is incomplete.
  answerOf_(form, submitter) {
    switch (form.dataset.answer) {
      case 'legal':
        return submitter?.value ?? null;
      case 'liberties': {
        const value = document.getElementById('liberties-answer').value.trim();
        return /^\d+$/.test(value) ? String(Number(value)) : this.askNumber_();
      }
      case 'score': {
        const winner = document.getElementById('score-winner').value;
        if (winner === 'draw') return '0';
        const text = document.getElementById('score-margin').value.trim().replace(',', '.');
        const margin = Number(text);
        if (!text || !Number.isFinite(margin) || margin <= 0 || (margin * 2) % 1) {
          return this.askNumber_();
        }
        return `${winner === 'black' ? 'B' : 'W'}+${margin}`;
      }
      default:
        return null;
    }
  }

  askNumber_() {
    this.say_({ kind: 'wrong', reason: { key: 'number', params: {} } });
    this.handled_();
    return null;
  }

  async answer_(answer) {
    if (this.root_.dataset.state !== 'ready') return;
    const generation = this.generation_;
    this.setState_('busy');
    let reply;
    try {
      reply = await judgeLessonBoard(this.spec_.lessonId, this.spec_.n, { answer });
    } catch (error) {
      if (generation !== this.generation_) return;
      this.say_({ kind: 'error', error });
      this.setState_('ready');
      this.handled_();
      return;
    }
    if (generation !== this.generation_) return;
    if (reply.status === 'solved') {
      for (const form of this.root_.querySelectorAll('[data-answer]')) {
        for (const control of form.elements) control.disabled = true;
      }
      this.solved_();
    } else {
      this.say_({ kind: 'wrong', reason: reply.reason });
      this.setState_('ready');
    }
    this.handled_();
  }

  // ---- messages -------------------------------------------------------------------------

  solved_() {
    this.board_.setMode('view');
    this.say_({ kind: 'solved' });
    this.setState_('solved');
    this.next_.hidden = false;
    this.next_.focus();
    this.dispatchEvent(new Event('solved'));
  }

  say_(message) {
    this.message_ = message;
    this.renderMessage_();
  }

  renderMessage_() {
    const message = this.message_;
    this.feedback_.dataset.kind = message?.kind ?? '';
    if (!message) {
      this.feedback_.replaceChildren();
      return;
    }
    const lines = [];
    if (message.kind === 'solved') {
      const { lessonId, n } = this.spec_;
      lines.push(t('learn.solved'), t(`lesson.${lessonId}.${n}.done`));
    } else if (message.kind === 'error') {
      lines.push(t('learn.error.generic', { message: message.error.message ?? message.error.code }));
    } else {
      lines.push(this.reasonText_(message.reason));
      if (message.reset) lines.push(t('learn.tryAgain'));
    }
    this.feedback_.replaceChildren(...lines.map((text) => {
      const line = document.createElement('p');
      line.textContent = text;
      return line;
    }));
  }

  reasonText_(reason) {
    if (!reason) return t('learn.reason.unknown');
    const params = { ...reason.params };
    for (const name of kResultParams) {
      if (typeof params[name] === 'string') params[name] = describeResult(params[name]);
    }
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'number') params[name] = formatNumber(value);
    }
    // Counted phrases pick their plural form from `count`.
    if (params.count === undefined && reason.params?.liberties !== undefined) {
      params.count = reason.params.liberties;
    }
    if (reason.params?.count !== undefined) params.count = reason.params.count;
    return t(`learn.reason.${reason.key}`, params);
  }
}
