#pragma once

#include <string>
#include <vector>

#include "base/result.h"
#include "gnugo/gtp_peer.h"
#include "go/game.h"
#include "go/point_set.h"

namespace tengen::testing {

// What the differential test compares after every move, as one engine sees it: the
// stones, the prisoners each colour took, and the empty points each colour may play.
struct Snapshot {
  int size = 0;
  go::PointSet black;
  go::PointSet white;
  go::PointSet legalBlack;
  go::PointSet legalWhite;
  int capturesBlack = 0;  // white stones Black has captured
  int capturesWhite = 0;

  const go::PointSet& legal(go::Color c) const {
    return c == go::Color::Black ? legalBlack : legalWhite;
  }
};

// tengen's view: the board and Game::legalPoints under the game's rules.
Snapshot tengenSnapshot(const go::Game& game);

// The GTP commands that ask an engine for a snapshot (list_stones, all_legal, captures),
// so the caller can pipeline them behind a `play`.
std::vector<std::string> snapshotCommands();
// Builds a snapshot from the replies to snapshotCommands(), in order.
Result<Snapshot> parseSnapshot(int size, const std::vector<GtpReply>& replies);

// A space-separated GTP vertex list ("D4 Q16") as points; an error names a bad vertex.
Result<go::PointSet> parseVertices(const go::Geometry& geometry, std::string_view text);
std::string formatVertices(const go::Geometry& geometry, const go::PointSet& points);

// Empty if the snapshots agree, else a report with diagrams of both sides for each part
// that differs (diagrams as tests/go/diagram.h draws them: `X`/`O`/`.`, `*` an empty point illegal for the colour).
std::string compareSnapshots(const Snapshot& tengen, const Snapshot& gnugo);

// A diagram of the stones, with `*` on empty points missing from `legal` when given.
std::string diagram(const Snapshot& s, const go::PointSet* legal = nullptr);
// Two diagrams next to each other under their titles.
std::string sideBySide(const std::string& leftTitle, const std::string& left,
                       const std::string& rightTitle, const std::string& right);

}  // namespace tengen::testing
