#include "bot/last_good_reply.h"

namespace tengen::bot {

namespace {

constexpr auto kPoints = static_cast<std::size_t>(go::kMaxPoints);

bool isStone(go::Point p) { return p < go::kPass; }

}  // namespace

LastGoodReplies::LastGoodReplies(int level)
    : level_(level),
      reply1_(2 * kPoints, go::kNoPoint),
      reply2_(level >= 2 ? 2 * kPoints * kPoints : 0, go::kNoPoint) {}

std::size_t LastGoodReplies::index1(go::Color c, go::Point last) const {
  return (c == go::Color::Black ? 0 : kPoints) + last;
}

std::size_t LastGoodReplies::index2(go::Color c, go::Point last2, go::Point last) const {
  return ((c == go::Color::Black ? 0 : kPoints) + last2) * kPoints + last;
}

go::Point LastGoodReplies::replyTo(go::Color c, go::Point last2, go::Point last) const {
  if (!isStone(last)) return go::kNoPoint;
  if (level_ >= 2 && isStone(last2)) {
    const go::Point p = reply2_[index2(c, last2, last)];
    if (p != go::kNoPoint) return p;
  }
  return reply1_[index1(c, last)];
}

void LastGoodReplies::learn(std::span<const PlayedStone> moves, int blackResultX2) {
  if (blackResultX2 == 1) return;
  const go::Color winner = blackResultX2 == 2 ? go::Color::Black : go::Color::White;
  for (std::size_t i = 1; i < moves.size(); ++i) {
    const PlayedStone& reply = moves[i];
    const go::Point last = moves[i - 1].point;
    // A pass left out of `moves` (the playouts record stones only) makes two moves of one
    // colour neighbours: no reply there.
    if (!isStone(reply.point) || !isStone(last) || moves[i - 1].color == reply.color) continue;
    const go::Point last2 = i >= 2 ? moves[i - 2].point : go::kNoPoint;
    const bool keyed2 = level_ >= 2 && isStone(last2);
    if (reply.color == winner) {
      reply1_[index1(reply.color, last)] = reply.point;
      if (keyed2) reply2_[index2(reply.color, last2, last)] = reply.point;
      continue;
    }
    // Forgetting: a reply that lost is dropped only where it is the stored one, so a newer
    // good reply survives an old bad one.
    go::Point& stored1 = reply1_[index1(reply.color, last)];
    if (stored1 == reply.point) stored1 = go::kNoPoint;
    if (keyed2) {
      go::Point& stored2 = reply2_[index2(reply.color, last2, last)];
      if (stored2 == reply.point) stored2 = go::kNoPoint;
    }
  }
}

}  // namespace tengen::bot
