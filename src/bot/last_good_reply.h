#pragma once

// Last good replies with forgetting (Drake 2009, "The last-good-reply policy for Monte-Carlo
// Go"; Baier and Drake 2010, "The power of forgetting"): the playouts remember, for each
// move, the answer that won the last simulation it was played in, and play it again when the
// same move comes up, until a simulation where it lost. Local fights the search has just read
// are then answered the same way in the playouts that follow, which fixed patterns cannot do.
//
//   bot::LastGoodReplies replies(2);                        // one per search thread
//   go::Point p = replies.replyTo(go::Color::Black, last2, last);
//   replies.learn(moves, blackResultX2);                    // after each simulation
//
// Level 1 keys a reply by the previous move, level 2 also by the move before it (tried
// first). Cost: a table of kMaxPoints points (level 1), plus kMaxPoints^2 (level 2, about
// 1 MB per colour), per thread; one pass over the simulation's moves per learn().

#include <span>
#include <vector>

#include "bot/search_seam.h"
#include "go/board.h"

namespace tengen::bot {

class LastGoodReplies {
 public:
  // `level` 1 or 2 (see above).
  explicit LastGoodReplies(int level);

  // The reply `c` last won with after `last2` then `last` (level 2), else after `last` alone;
  // kNoPoint when none is known, or `last` is a pass or none. The point may have become
  // occupied or illegal since: the caller checks.
  go::Point replyTo(go::Color c, go::Point last2, go::Point last) const;

  // Learns from one simulation: `moves` in order (passes as kPass), `blackResultX2` 2 a
  // Black win, 0 a White win, 1 a draw (which teaches nothing). Each move of the winner
  // becomes the reply to the moves before it; a loser's move that was the stored reply is
  // forgotten.
  void learn(std::span<const PlayedStone> moves, int blackResultX2);

 private:
  std::size_t index1(go::Color c, go::Point last) const;
  std::size_t index2(go::Color c, go::Point last2, go::Point last) const;

  int level_;
  std::vector<go::Point> reply1_;  // by colour and previous move
  std::vector<go::Point> reply2_;  // by colour and the two previous moves (level 2)
};

}  // namespace tengen::bot
