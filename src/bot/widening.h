#pragma once

// Progressive widening (Coulom 2007, CrazyStone; Chaslot et al. 2008 call it progressive
// unpruning): a new node's children are ranked once by their prior, and selection looks only
// at the best few of them, one more each time the node's visits grow by a factor. On a big
// board this keeps a lightly visited node from spreading its playouts over two hundred moves
// whose RAVE values are noise, and makes the search read the likely moves deeper.
//
//   bot::rankByPrior(priors, ranks, scratch);              // at expansion
//   if (ranks[i] < bot::widenedChildren(widening, visits))  // at selection
//
// Cost: one sort of the new children per expansion, one logarithm per selection.

#include <cstdint>
#include <span>
#include <vector>

#include "bot/search_seam.h"

namespace tengen::bot {

struct Widening {
  // Children a node selects among before its first visit; 0: every child, always (off).
  int initial = 0;
  // One more child each time the node's visits + `visits` grow by `factor` (CrazyStone:
  // the n-th move enters after 40 * 1.4^(n - 2) simulations). 1.2 here: on 19x19, where
  // widening is on by default, it won 29 of 40 paired games against GNU Go where 1.4 won 20,
  // and 24 of 40 on seeds no run had used (docs/strength.md, "Widening factor 1.2").
  double visits = 40;
  double factor = 1.2;
};

// How many of a node's best-ranked children selection considers after `visits` visits:
// initial + floor(log(1 + visits / w.visits) / log(w.factor)); INT_MAX when off.
int widenedChildren(const Widening& w, int visits);

// The rank of each prior among `priors` (0: the best) into `ranks` (same length): by the
// prior's advantage over an even one (wins - visits / 2, so bonuses raise a move and
// penalties lower it), ties by index so the order is reproducible. `keys` is scratch space,
// kept by the caller so an expansion allocates nothing.
void rankByPrior(std::span<const NodePrior> priors, std::span<std::uint16_t> ranks,
                 std::vector<std::uint64_t>& keys);

}  // namespace tengen::bot
