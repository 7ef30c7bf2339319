// Conditional moves (docs/protocol.md, "Conditional moves"): while the opponent of a
// correspondence game is to move, the player writes the answers the server is to play for
// them, one line per variation: "E5 C3 D4 F6" means "if they play E5 I answer C3, and if they
// then play D4 I answer F6". Lines that start alike share their beginning, so the lines make
// a tree. Typed rather than clicked, so that it works the same by keyboard and screen reader.

import { isCorrespondence } from './game_speed.js';
import { t } from './i18n.js';

// The lines as a tree of {move, answer, then}; throws {key, params} naming the line.
export function linesToTree(text) {
  const tree = [];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const tokens = raw.trim().split(/[\s,;→>-]+/).filter(Boolean).map((s) => s.toUpperCase());
    if (!tokens.length) return;
    const line = index + 1;
    if (tokens.length % 2) throw { key: 'conditional.oddLine', params: { line } };
    let branches = tree;
    for (let i = 0; i < tokens.length; i += 2) {
      const [move, answer] = [tokens[i], tokens[i + 1]];
      let branch = branches.find((b) => b.move === move);
      if (branch && branch.answer !== answer) {
        throw { key: 'conditional.twoAnswers', params: { line, move, answer: branch.answer } };
      }
      if (!branch) {
        branch = { move, answer, then: [] };
        branches.push(branch);
      }
      branches = branch.then;
    }
  });
  return tree;
}

// The tree back as lines, one per leaf.
export function treeToLines(tree, prefix = []) {
  return tree.flatMap((branch) => {
    const path = [...prefix, branch.move, branch.answer];
    return branch.then?.length ? treeToLines(branch.then, path) : [path.join(' ')];
  });
}

export class ConditionalPanel {
  // socket: the page's GameSocket; gameId: the game shown.
  constructor({ socket, gameId }) {
    this.socket_ = socket;
    this.gameId_ = gameId;
    this.section_ = document.getElementById('conditional');
    this.input_ = document.getElementById('conditional-lines');
    this.saved_ = document.getElementById('conditional-saved');
    this.message_ = document.getElementById('conditional-message');
    this.form_ = document.getElementById('conditional-form');
    this.moveNumber_ = null; // the position the panel was filled for
    this.plan_ = []; // the tree the server holds for that position
    this.note_ = null; // {key, params} or {error}
    this.form_.addEventListener('submit', (event) => {
      event.preventDefault();
      this.save_(this.input_.value);
    });
    document.getElementById('conditional-clear').addEventListener('click', () => this.save_(''));
  }

  // After every state: shown to a player of a correspondence game in play while the opponent
  // is to move; the plan is read again whenever the game moved on.
  update({ game, state, you }) {
    const open = (you === 'black' || you === 'white') && state?.phase === 'play' &&
      state.toMove !== you && isCorrespondence(game?.time, game?.size);
    this.section_.hidden = !open;
    if (!open) {
      this.moveNumber_ = null;
      return;
    }
    if (this.moveNumber_ === state.moveNumber) return;
    this.moveNumber_ = state.moveNumber;
    this.plan_ = [];
    this.note_ = null;
    this.input_.value = '';
    this.render();
    this.load_(state.moveNumber);
  }

  async load_(moveNumber) {
    try {
      const reply = await this.socket_.request('conditional_moves_get', { gameId: this.gameId_ });
      if (this.moveNumber_ !== moveNumber) return;
      // A plan made at another move is spent: the server drops it at the next move.
      this.plan_ = reply.moveNumber === moveNumber ? reply.tree : [];
      this.input_.value = treeToLines(this.plan_).join('\n');
    } catch (error) {
      this.note_ = { error };
    }
    this.render();
  }

  async save_(text) {
    let tree;
    try {
      tree = linesToTree(text);
    } catch (problem) {
      this.note_ = problem;
      this.render();
      return;
    }
    try {
      const reply = await this.socket_.request('conditional_moves_set',
        { gameId: this.gameId_, moveNumber: this.moveNumber_, tree });
      this.plan_ = reply.tree;
      this.input_.value = treeToLines(this.plan_).join('\n');
      this.note_ = { key: this.plan_.length ? 'conditional.saved' : 'conditional.cleared' };
    } catch (error) {
      this.note_ = { error };
    }
    this.render();
  }

  render() {
    const lines = treeToLines(this.plan_);
    this.saved_.textContent = lines.length
      ? t('conditional.planned', { count: lines.length }) : t('conditional.none');
    const note = this.note_;
    // Saved and cleared read as news, refusals as errors (in the error colour).
    const done = note?.key === 'conditional.saved' || note?.key === 'conditional.cleared';
    this.message_.className = done ? 'hint' : 'message';
    if (!note) this.message_.textContent = '';
    else if (note.key) this.message_.textContent = t(note.key, note.params ?? {});
    else this.message_.textContent = t('conditional.refused', { message: note.error.message ?? note.error.code });
  }

  relabel() {
    this.render();
  }
}
