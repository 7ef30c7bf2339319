// Why a game action typed into the text field cannot be played now, decided from the state
// the page already has (docs/protocol.md "State"), so the refusal is spoken at once with its
// reason instead of a round trip. The server still decides: an action that passes here is
// sent, and a refusal of the server's is shown as every other error of the page.
// Returns null when the action may be sent, else {key, params} of the catalogue, with
// params.color / params.stone / params.why as keys still to translate.

import { parseVertex } from './coords.js';
import { colourAt } from './board_facts.js';
import { illegalReasons } from './illegal_reasons.js';

const kPlayer = new Set(['black', 'white']);

// The dead-stone phase's actions and the answers to an undo request: a refusal, null when
// allowed, undefined for the other actions. While a confirmation play runs, its panel's
// buttons act (docs/protocol.md "Confirmation play"), so the marks wait for its verdict.
function removalRefusal(action, { state, size, you, vertex }) {
  const removal = state.phase === 'removal';
  const undoAsked = state.phase === 'play' && state.undoRequest && state.undoRequest !== you;
  switch (action) {
    case 'accept':
      if (removal && state.removal?.confirmation) return { key: 'text.refuse.confirming', params: {} };
      if (removal) return null;
      return undoAsked ? null : { key: 'text.refuse.nothingToAccept', params: {} };
    case 'decline':
      return undoAsked ? null : { key: 'error.no_undo_request', params: {} };
    case 'resume':
    case 'dead': {
      if (!removal) return { key: 'text.refuse.notRemoval', params: {} };
      if (state.removal?.confirmation) return { key: 'text.refuse.confirming', params: {} };
      if (action === 'resume') return null;
      const point = parseVertex(vertex, size);
      if (!point) return { key: 'text.refuse.offBoard', params: { vertex } };
      return colourAt(state.board, size, point.col, point.row) ? null
        : { key: 'text.refuse.noStone', params: { vertex } };
    }
    default:
      return undefined;
  }
}

// action: 'move' | 'pass' | 'undo' | 'resign' | 'accept' | 'decline' | 'dead' | 'resume';
// vertex for a move or a dead mark. you: black, white or spectator; hasMoved: the viewer has
// a move in the list (something to take back).
export function refusalOf(action, { state, size, you, vertex = null, hasMoved = false }) {
  if (!state) return { key: 'text.refuse.notStarted', params: {} };
  if (!kPlayer.has(you)) return { key: 'text.refuse.spectator', params: {} };
  const phase = state.phase;
  if (phase === 'finished' || phase === 'cancelled') {
    return { key: 'text.refuse.gameOver', params: {} };
  }
  if (phase === 'open') return { key: 'text.refuse.notStarted', params: {} };
  if (action === 'resign') return null;
  if (phase === 'handicap') {
    // Black chooses free handicap stones on the board's empty points.
    if (action !== 'move' || you !== 'black') return { key: 'text.refuse.handicap', params: {} };
    return pointRefusal({ ...state, legal: null }, size, vertex);
  }
  const confirmation = state.removal?.confirmation;
  if (confirmation && (action === 'move' || action === 'pass')) {
    // Confirmation play: its own board, turn and legal points (docs/protocol.md).
    const last = confirmation.moves?.[confirmation.moves.length - 1]?.point ?? null;
    return refusalOf(action, { state: { ...state, phase: 'play', removal: null,
      board: confirmation.board, toMove: confirmation.toMove, legal: confirmation.legal,
      lastMove: last }, size, you, vertex });
  }
  const removalOnly = removalRefusal(action, { state, size, you, vertex });
  if (removalOnly !== undefined) return removalOnly;
  if (phase === 'removal') return { key: 'text.refuse.removal', params: {} };
  if (action === 'undo') {
    if (state.undoRequest) return { key: 'text.refuse.undoOpen', params: {} };
    return hasMoved ? null : { key: 'error.nothing_to_undo', params: {} };
  }
  if (state.toMove !== you) {
    return { key: 'text.refuse.notYourTurn', params: { color: state.toMove } };
  }
  if (action !== 'move') return null;
  return pointRefusal(state, size, vertex);
}

// Whether a stone may go on `vertex` of the state's board: on the board, empty, legal.
function pointRefusal(state, size, vertex) {
  const point = parseVertex(vertex, size);
  if (!point) return { key: 'text.refuse.offBoard', params: { vertex } };
  const stone = colourAt(state.board, size, point.col, point.row);
  if (stone) return { key: 'text.refuse.occupied', params: { vertex, stone } };
  if (!state.legal) return null;
  const index = (size - 1 - point.row) * size + point.col;
  if (state.legal[index] === '1') return null;
  const why = illegalReasons(state.board, state.legal, size, state.toMove, state.lastMove)[vertex];
  return { key: 'text.refuse.illegal', params: { vertex, why: why ?? 'superko' } };
}
