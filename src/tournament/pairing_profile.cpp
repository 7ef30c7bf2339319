#include "tournament/pairing_profile.h"

#include "tournament/standings.h"

namespace tengen::tournament {

std::vector<PairingProfile> pairingProfiles(const Tournament& t) {
  const int n = static_cast<int>(t.players.size());
  std::vector<PairingProfile> profiles(n);
  for (auto& p : profiles) p.timesMet.assign(n, 0);
  auto valid = [&](PlayerId p) { return p >= 0 && p < n; };
  for (std::size_t r = 0; r < t.rounds.size(); ++r) {
    const std::vector<HalfPoints> before = mainScoresAfter(t, static_cast<int>(r));
    const Round& round = t.rounds[r];
    for (PlayerId p : round.byes)
      if (valid(p)) ++profiles[p].byes;
    for (const Pairing& g : round.games) {
      if (!valid(g.black) || !valid(g.white) || g.black == g.white) continue;
      PairingProfile& b = profiles[g.black];
      PairingProfile& w = profiles[g.white];
      ++b.timesMet[g.white];
      ++w.timesMet[g.black];
      if (g.handicap == 0) {
        ++b.colourBalance;
        --w.colourBalance;
        b.lastColour = 1;
        w.lastColour = -1;
      }
      const HalfPoints sb = before[g.black], sw = before[g.white];
      if (sb != sw) {
        PairingProfile& up = sb < sw ? b : w;
        PairingProfile& down = sb < sw ? w : b;
        ++up.drawUps;
        ++up.floatBalance;
        ++down.drawDowns;
        --down.floatBalance;
      }
    }
  }
  const std::vector<HalfPoints> now = mainScoresAfter(t, static_cast<int>(t.rounds.size()));
  for (int p = 0; p < n; ++p) profiles[p].score = now[p];
  return profiles;
}

}  // namespace tengen::tournament
