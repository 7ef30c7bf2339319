#include "gtp/score_text.h"

#include "go/rules.h"

namespace tengen::gtp {

namespace {

void addField(std::string& out, const char* key, double value) {
  out += ' ';
  out += key;
  out += '=';
  out += formatPoints(value);
}

void addSide(std::string& out, const char* name, const go::SideScore& side, bool white) {
  out += ' ';
  out += name;
  out += ':';
  addField(out, "stones", side.stones);
  addField(out, "territory", side.territory);
  addField(out, "prisoners", side.prisoners);
  addField(out, "dead", side.deadStones);
  addField(out, "seki", side.sekiPoints);
  addField(out, "pass_stones", side.passStones);
  addField(out, "tax", side.groupTax);
  addField(out, "button", side.button);
  if (white) {
    addField(out, "komi", side.komi);
    addField(out, "bonus", side.handicapBonus);
  }
  addField(out, "total", side.total);
}

}  // namespace

std::string formatPoints(double value) { return go::formatKomi(value == 0 ? 0.0 : value); }

std::string scoreText(const std::string& result, const go::ScoreBreakdown& score) {
  std::string out = result;
  addSide(out, "black", score.black, false);
  addSide(out, "white", score.white, true);
  return out;
}

}  // namespace tengen::gtp
