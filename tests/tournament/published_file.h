#pragma once

// The published results file of a real tournament (data/, the OpenGotha flavour of the EGF
// format), read back into a Tournament with the table's own columns beside it.

#include <string>
#include <vector>

#include "tournament/tournament.h"

namespace tengen::tournament::testing {

struct PublishedLine {
  int place = 0;  // 0: blank (tied with the line above)
  int mms = 0, sos = 0, sosos = 0;
  std::vector<std::string> entries;
};

struct Published {
  Tournament tournament;             // players and rounds; the settings are the caller's
  std::vector<PublishedLine> lines;  // by PlayerId = line number - 1
};

// Place, two name words, rank, country, club, the three score columns, one more number, then
// one entry per round. Fails the calling test on a line it cannot read.
Published readPublished(const std::string& path, int rounds);

// The file in tests/tournament/data/ by name.
std::string dataFile(const std::string& name);

}  // namespace tengen::tournament::testing
