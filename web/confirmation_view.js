// Confirmation play (Japanese and Korean rules, 1989 art. 7): in the removal phase a player
// may dispute a group; both then play it out on a separate board (docs/protocol.md, the
// removal phase's `confirmation`) while the game's own board, record and clocks stay as they were.
// This file draws that board's position for BoardView and the panel under the status line:
// whose turn, the ko lock, Pass and Finish, and the verdict of the last confirmation.

import { illegalReasons } from './illegal_reasons.js';
import { legalBitmap, stonesOf } from './game_position.js';
import { t } from './i18n.js';

const isPlayer = (you) => you === 'black' || you === 'white';

// The confirmation under way in `state`, or null.
export function confirmationOf(state) {
  return state?.phase === 'removal' ? state.removal?.confirmation ?? null : null;
}

// The board view position of the confirmation board. The player to move gets its red
// crosses; a point the ko lock forbids gives the reason "ko lock", whoever looks.
export function confirmationPosition(confirmation, size, you) {
  const myTurn = confirmation.toMove === you && Boolean(confirmation.legal);
  const last = confirmation.moves.at(-1) ?? null;
  const lastVertex = last && last.point !== 'pass' ? last.point : null;
  const reasons = myTurn
    ? illegalReasons(confirmation.board, confirmation.legal, size, confirmation.toMove, lastVertex)
    : {};
  for (const vertex of confirmation.locked ?? []) reasons[vertex] = 'koLock';
  return {
    size,
    stones: stonesOf(confirmation.board, size),
    toMove: myTurn ? confirmation.toMove : null,
    legal: myTurn ? legalBitmap(confirmation.legal, size) : null,
    reasons,
    lastMove: last ? { color: last.colour, vertex: last.point } : null,
  };
}

// What the board marks during a confirmation: the disputed stones and the locked points.
export function confirmationOverlay(confirmation) {
  return { disputed: confirmation.disputed ?? [], locked: confirmation.locked ?? [] };
}

// The panel: during a confirmation its explanation, turn, lock and buttons; in the removal
// phase otherwise the Dispute button (rules with confirmation only) and the last verdict.
// `picking`: the viewer has pressed Dispute and the next click on a group disputes it.
export function renderConfirmation(state, you, picking) {
  const panel = document.getElementById('confirmation');
  const confirmation = confirmationOf(state);
  const removal = state.phase === 'removal' ? state.removal : null;
  panel.hidden = !removal;
  const box = document.querySelector('.board-box');
  box?.classList.toggle('confirming', Boolean(confirmation));
  // Above the board, not on it: on the board it would cover the column letters.
  const caption = document.getElementById('board-caption');
  caption.hidden = !confirmation;
  const label = document.createElement('span');
  label.textContent = confirmation ? t('confirmation.caption') : '';
  caption.replaceChildren(label);
  if (!removal) return;

  const player = isPlayer(you);
  const dispute = document.getElementById('confirmation-dispute');
  dispute.hidden = !player || Boolean(confirmation) || !removal.canConfirm;
  dispute.setAttribute('aria-pressed', String(picking));
  dispute.textContent = t(picking ? 'confirmation.disputeCancel' : 'confirmation.dispute');
  document.getElementById('confirmation-pick').hidden = !picking || Boolean(confirmation);

  const running = document.getElementById('confirmation-running');
  running.hidden = !confirmation;
  if (confirmation) {
    document.getElementById('confirmation-turn').textContent = t('confirmation.turn', {
      attacker: t(`color.${confirmation.attacker}`), color: t(`color.${confirmation.toMove}`),
      count: confirmation.moves.length,
    });
    const locked = confirmation.locked ?? [];
    const lockLine = document.getElementById('confirmation-lock');
    lockLine.hidden = locked.length === 0;
    lockLine.textContent = t('confirmation.locked', {
      color: t(`color.${confirmation.toMove}`), points: locked.join(', '),
    });
    const finish = confirmation.finish ?? {};
    document.getElementById('confirmation-finished').textContent = ['black', 'white']
      .map((colour) => t(finish[colour] ? 'confirmation.hasFinished' : 'confirmation.notFinished',
        { color: t(`color.${colour}`) })).join(' · ');
    document.getElementById('confirmation-buttons').hidden = !player;
    document.getElementById('confirmation-pass').disabled = confirmation.toMove !== you;
    document.getElementById('confirmation-finish').disabled = Boolean(finish[you]);
  }

  const verdict = document.getElementById('confirmation-verdict');
  const last = confirmation ? null : removal.lastConfirmation ?? null;
  verdict.hidden = !last;
  if (last) {
    verdict.textContent = t(`confirmation.verdict.${last.verdict}`, {
      points: last.disputed.join(' '), why: t(`confirmation.reason.${last.reason}`),
    });
  }
}
