// A game's speed from its clock, as the server reckons it (src/site/ratings/game_rating.cpp,
// speedOf): the time per move with round(0.7 * size²) / 2 moves for each player; more than an
// hour a move is correspondence, under 10 s blitz. The page uses it only to decide what to
// offer; the server checks again.

export function secondsPerMove(time, size) {
  const moves = Math.round(0.7 * size * size) / 2;
  const main = (time?.mainSeconds ?? 0) / moves;
  switch (time?.kind) {
    case 'absolute': return main;
    case 'fischer': return main + (time.incrementSeconds ?? 0);
    case 'byoyomi': return main + (time.periodSeconds ?? 0);
    case 'canadian': return main + (time.stones > 0 ? time.periodSeconds / time.stones : 0);
    default: return 0;
  }
}

// A game with a clock slow enough to be played over days (untimed games are not: nobody's
// clock waits for their answer).
export function isCorrespondence(time, size) {
  return Boolean(time) && time.kind !== 'none' && secondsPerMove(time, size) > 3600;
}
