#include "site/automatch/matchmaker.h"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "base/log.h"
#include "go/rules.h"
#include "rating/rank.h"
#include "server/envelope.h"
#include "server/http_message.h"
#include "site/automatch/pair_terms.h"
#include "site/automatch/paired_game.h"
#include "site/moderation_state.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

std::shared_ptr<const std::string> serialized(const json::object& message) {
  return server::serializeMessage(message);
}

// The table an automatch pair (or a bot offer) plays, as create_table's fields.
json::object poolTable(int size, Speed speed, const std::string& rules) {
  return json::object{
      {"size", size}, {"rules", rules}, {"time", poolClock(size, speed).toJson()}, {"rated", true}};
}

// Both "any": the site's usual table rules as a full spec ("tromp-taylor suicide=forbidden"),
// not just their preset's name, whose own defaults differ (Tromp-Taylor allows suicide).
std::string defaultRules() { return go::Rules::forNewTable().toString(); }

}  // namespace

Matchmaker::Matchmaker(SiteContext& context, AutomatchOptions options, uint64_t seed)
    : context_(context),
      options_(options),
      strand_(boost::asio::make_strand(context.io)),
      timer_(strand_),
      random_(seed) {}

void Matchmaker::start() {
  running_ = true;
  boost::asio::post(strand_, [this] { arm(); });
}

void Matchmaker::stop() {
  running_ = false;
  boost::asio::post(strand_, [this] { timer_.cancel(); });
}

void Matchmaker::arm() {
  if (!running_) return;
  timer_.expires_after(options_.tick);
  timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || !running_) return;
    tick();
    arm();
  });
}

void Matchmaker::online(uint64_t sessionId, int64_t userId, const std::string& name, bool guest,
                        SendFunction send) {
  std::lock_guard lock(mutex_);
  sockets_[sessionId] = Socket{userId, name, guest, std::move(send)};
}

void Matchmaker::offline(uint64_t sessionId) {
  Outbox out;
  {
    std::lock_guard lock(mutex_);
    auto socket = sockets_.find(sessionId);
    if (socket == sockets_.end()) return;
    const int64_t userId = socket->second.userId;
    sockets_.erase(socket);
    auto search = searches_.find(userId);
    if (search != searches_.end() && search->second.request.sessionId == sessionId) {
      searches_.erase(search);
    }
    const bool stillOnline = std::any_of(sockets_.begin(), sockets_.end(),
                                         [&](const auto& s) { return s.second.userId == userId; });
    std::vector<std::pair<int64_t, std::string_view>> closing;
    for (const auto& [id, challenge] : challenges_) {
      if (challenge.request.fromSession == sessionId) closing.emplace_back(id, "cancelled");
      if (challenge.toId == userId && !stillOnline) closing.emplace_back(id, "offline");
    }
    for (const auto& [id, reason] : closing) closeChallenge(id, reason, out);
  }
  flush(out);
}

bool Matchmaker::search(SearchRequest request) {
  std::shared_ptr<const std::string> replaced;
  SendFunction replacedSend;
  {
    std::lock_guard lock(mutex_);
    if (!sockets_.contains(request.sessionId)) return false;
    auto old = searches_.find(request.userId);
    if (old != searches_.end() && old->second.request.sessionId != request.sessionId) {
      replacedSend = old->second.request.send;
      replaced = serialized(json::object{{"type", "automatch_cancelled"}, {"reason", "replaced"}});
    }
    const PoolKey key{request.size, request.speed};
    if (!nextWave_.contains(key)) nextWave_[key] = nextWaveMs(nowMs());
    request.entry.userId = request.userId;
    request.entry.wavesMissed = 0;
    searches_[request.userId] = Search{std::move(request), nowMs(), false};
  }
  if (replacedSend) replacedSend(replaced);
  return true;
}

bool Matchmaker::cancelSearch(int64_t userId) {
  std::lock_guard lock(mutex_);
  return searches_.erase(userId) > 0;
}

bool Matchmaker::isOnline(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return std::any_of(sockets_.begin(), sockets_.end(),
                     [&](const auto& s) { return server::equalsIgnoreCase(s.second.name, name); });
}

int64_t Matchmaker::nextWaveMs(int64_t now) {
  const int64_t jitter = options_.waveJitter.count() > 0
                             ? static_cast<int64_t>(random_() % options_.waveJitter.count())
                             : 0;
  return now + options_.waveInterval.count() + jitter;
}

void Matchmaker::tick() {
  Outbox out;
  {
    std::lock_guard lock(mutex_);
    const int64_t now = nowMs();
    runWaves(now, out);
    offerBots(now, out);
    expireChallenges(now, out);
  }
  flush(out);
  for (Pair& pair : out.pairs) startPair(std::move(pair));
}

void Matchmaker::runWaves(int64_t now, Outbox& out) {
  std::map<PoolKey, std::vector<int64_t>> pools;
  for (const auto& [userId, search] : searches_) {
    pools[{search.request.size, search.request.speed}].push_back(userId);
  }
  for (auto& [key, members] : pools) {
    auto wave = nextWave_.find(key);
    const bool due = wave == nextWave_.end() || now >= wave->second;
    if (!due && members.size() < options_.waveAtOnce) continue;
    nextWave_[key] = nextWaveMs(now);
    std::vector<PoolEntry> entries;
    for (int64_t userId : members) entries.push_back(searches_.at(userId).request.entry);
    // Blocks are read now, not when the searches began: one made while both wait counts.
    if (context_.moderation) {
      for (std::size_t i = 0; i < entries.size(); ++i) {
        entries[i].keptApart.clear();
        for (std::size_t j = 0; j < entries.size(); ++j) {
          if (i != j && context_.moderation->apart(entries[i].userId, entries[j].userId)) {
            entries[i].keptApart.push_back(entries[j].userId);
          }
        }
      }
    }
    std::vector<bool> paired(members.size(), false);
    for (const auto& [i, j] : pairWave(entries)) {
      paired[i] = paired[j] = true;
      out.pairs.push_back(Pair{searches_.at(members[i]), searches_.at(members[j])});
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (paired[i]) {
        searches_.erase(members[i]);
      } else {
        ++searches_.at(members[i]).request.entry.wavesMissed;
      }
    }
    log::info("automatch_wave", {{"size", key.size},
                                 {"speed", std::string(speedName(key.speed))},
                                 {"members", static_cast<int64_t>(members.size())}});
  }
}

void Matchmaker::offerBots(int64_t now, Outbox& out) {
  for (auto& [userId, search] : searches_) {
    const SearchRequest& request = search.request;
    if (search.botOffered || !request.botAfterMs || !request.bot) continue;
    if (now - search.startedMs < *request.botAfterMs) continue;
    search.botOffered = true;
    const std::string rules = request.entry.rules.empty() ? defaultRules() : request.entry.rules;
    json::object offer{{"type", "automatch_bot_offer"},
                       {"bot", request.bot->name},
                       {"rank", rating::rankLabel(request.bot->rating)},
                       {"waitedMs", now - search.startedMs},
                       {"table", poolTable(request.size, request.speed, rules)}};
    out.messages.emplace_back(request.send, serialized(offer));
  }
}

void Matchmaker::startPair(Pair pair) {
  const SearchRequest& a = pair.a.request;
  const SearchRequest& b = pair.b.request;
  const PairTerms terms = pairTerms(a.entry, b.entry, a.size);
  json::object table = poolTable(a.size, a.speed, agreedRules(a.entry, b.entry, defaultRules()));
  const bool bOwns = terms.blackUserId == b.userId;
  table["colour"] = terms.blackUserId != 0 ? "black" : "nigiri";
  if (terms.handicap > 0) table["handicap"] = terms.handicap;
  if (terms.komi) table["komi"] = *terms.komi;
  const game::Player owner{bOwns ? b.userId : a.userId, bOwns ? b.name : a.name, false};
  const game::Player joiner{bOwns ? a.userId : b.userId, bOwns ? a.name : b.name, false};
  log::info("automatch_pair", {{"black", terms.blackUserId},
                               {"a", a.userId},
                               {"b", b.userId},
                               {"handicap", terms.handicap}});
  SendFunction sends[2] = {a.send, b.send};
  startPairedGame(
      context_, table, owner, joiner,
      [sends](json::object game) {
        const int64_t gameId = game.at("id").as_int64();
        auto message = serialized(
            json::object{{"type", "automatch_started"}, {"gameId", gameId}, {"game", game}});
        for (const SendFunction& send : sends) send(message);
      },
      [sends](std::string why) {
        auto message = serialized(
            json::object{{"type", "automatch_cancelled"}, {"reason", "failed"}, {"message", why}});
        for (const SendFunction& send : sends) send(message);
      });
}

void Matchmaker::sendToUser(int64_t userId, const json::object& message, Outbox& out) const {
  auto text = serialized(message);
  for (const auto& [sessionId, socket] : sockets_) {
    if (socket.userId == userId) out.messages.emplace_back(socket.send, text);
  }
}

void Matchmaker::flush(Outbox& out) {
  for (auto& [send, message] : out.messages) {
    if (send) send(message);
  }
  out.messages.clear();
}

}  // namespace tengen::site
