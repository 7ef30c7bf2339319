#include "site/bots/bot_service.h"

#include <boost/asio/strand.hpp>

#include <utility>

#include "base/log.h"
#include "site/bots/bot_driver.h"
#include "site/bots/builtin_bot_player.h"
#include "site/lobby/lobby.h"
#include "site/rooms/game_room.h"
#ifdef TENGEN_SITE_GTP_CLIENT
#include "site/bots/gtp_bot_player.h"
#endif

namespace tengen::site {

namespace asio = boost::asio;

BotService::BotService(SiteContext& context, std::vector<BotSpec> specs, int threads)
    : context_(context), roster_(std::move(specs)), pool_(threads) {}

BotService::~BotService() { stop(); }

Result<void> BotService::prepare() {
  std::lock_guard lock(mutex_);
  if (prepared_) return {};
  for (std::size_t i = 0; i < roster_.size(); ++i) {
    const BotSpec& spec = roster_.spec(i);
    // Nodes of a cluster start together on one store: when another node creates the bot's
    // account between our look and our insert, the second look finds it.
    for (int attempt = 0;; ++attempt) {
      auto found = context_.store.findUserByName(spec.name);
      if (!found) return std::unexpected(found.error());
      if (*found) {
        if ((*found)->passwordHash != kBotPasswordHash) {
          return fail("the bot name \"" + spec.name +
                      "\" belongs to a user account; give the bot another name");
        }
        roster_.setUserId(i, (*found)->id);
        break;
      }
      auto created =
          context_.store.createUser(store::User{0, spec.name, kBotPasswordHash, false, 0});
      if (!created) return std::unexpected(created.error());
      if (*created) {
        roster_.setUserId(i, (*created)->id);
        log::info("bot_user_created", {{"user", (*created)->id}, {"name", spec.name}});
        break;
      }
      if (attempt == 1) return fail("the bot name \"" + spec.name + "\" was taken while starting");
    }
  }
  prepared_ = true;
  return {};
}

void BotService::attach(const std::shared_ptr<GameRoom>& room, int64_t gameId, int64_t blackUserId,
                        int64_t whiteUserId, bool resumed, int64_t requester, int64_t challenger) {
  std::vector<std::shared_ptr<BotDriver>> started;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    // A game resumed here twice (at start-up, then by a takeover) keeps its one driver.
    if (resumed && drivers_.contains(gameId)) return;
    if (requester != 0) {
      if (resumed) ++matches_[requester];
      matchGames_[gameId] = requester;
    }
    for (int64_t userId : {blackUserId, whiteUserId}) {
      const auto index = roster_.findUser(userId);
      if (!index) continue;
      if (resumed) roster_.reserveAlways(*index);
      const int64_t opponent =
          challenger != 0 ? challenger : (userId == blackUserId ? whiteUserId : blackUserId);
      if (opponent != 0 && !roster_.findUser(opponent)) {
        // A resumed game holds its pair even if a second one slipped in before the restart.
        if (resumed) opponents_.emplace(opponent, *index);
        opponentGames_[gameId] = {opponent, *index};
      }
      const BotSpec& spec = roster_.spec(*index);
      auto strand = asio::make_strand(context_.io);
      std::shared_ptr<BotPlayer> player;
      if (spec.kind == BotKind::Builtin) {
        player = std::make_shared<BuiltinBotPlayer>(spec, gameId, pool_, strand);
      } else {
#ifdef TENGEN_SITE_GTP_CLIENT
        player = std::make_shared<GtpBotPlayer>(spec, strand);
#else
        log::error("bot_gtp_unavailable", {{"bot", spec.name}});
        roster_.release(*index);
        continue;
#endif
      }
      auto driver = std::make_shared<BotDriver>(
          context_, gameId, game::Player{userId, spec.name, true}, strand, std::move(player),
          [this, gameId, index = *index](const BotDriver* done) {
            driverFinished(gameId, index, done);
          });
      drivers_.emplace(gameId, driver);
      started.push_back(driver);
    }
  }
  context_.lobby.markDirty();
  // The game as it stands now; every later change comes through show() (BotFeed). A change
  // committed before this runs reaches the new drivers twice, which they ignore (BotDriver).
  room->inspect([started](const game::GameMachine& machine) {
    for (const auto& driver : started) driver->observe(machine);
  });
}

void BotService::show(int64_t gameId, const game::GameMachine& machine) {
  std::vector<std::shared_ptr<BotDriver>> drivers;
  {
    std::lock_guard lock(mutex_);
    auto [begin, end] = drivers_.equal_range(gameId);
    for (auto it = begin; it != end; ++it) drivers.push_back(it->second);
  }
  for (const auto& driver : drivers) driver->observe(machine);
}

void BotService::driverFinished(int64_t gameId, std::size_t index, const BotDriver* driver) {
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;  // the site stops: the games go on after the restart
    roster_.release(index);
    if (auto match = matchGames_.find(gameId); match != matchGames_.end()) {
      if (--matches_[match->second] <= 0) matches_.erase(match->second);
      matchGames_.erase(match);
    }
    if (auto pair = opponentGames_.find(gameId); pair != opponentGames_.end()) {
      opponents_.erase(pair->second);
      opponentGames_.erase(pair);
    }
    auto [begin, end] = drivers_.equal_range(gameId);
    for (auto it = begin; it != end; ++it) {
      if (it->second.get() == driver) {
        drivers_.erase(it);
        break;
      }
    }
  }
  context_.lobby.markDirty();
}

bool BotService::reserveMatch(int64_t requester) {
  std::lock_guard lock(mutex_);
  int& count = matches_[requester];
  if (count >= kMaxBotMatchesPerUser) return false;
  ++count;
  return true;
}

void BotService::releaseMatch(int64_t requester) {
  std::lock_guard lock(mutex_);
  if (--matches_[requester] <= 0) matches_.erase(requester);
}

bool BotService::reserveOpponent(int64_t userId, std::size_t index) {
  std::lock_guard lock(mutex_);
  return opponents_.emplace(userId, index).second;
}

void BotService::releaseOpponent(int64_t userId, std::size_t index) {
  std::lock_guard lock(mutex_);
  opponents_.erase(std::pair{userId, index});
}

void BotService::stop() {
  std::vector<std::shared_ptr<BotDriver>> drivers;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    for (auto& [game, driver] : drivers_) drivers.push_back(driver);
  }
  for (const auto& driver : drivers) driver->shutdown();
  pool_.stop();
}

void BotService::releaseEngines() {
  std::vector<std::shared_ptr<BotDriver>> drivers;
  {
    std::lock_guard lock(mutex_);
    for (auto& [game, driver] : drivers_) drivers.push_back(driver);
    drivers_.clear();
  }
  for (const auto& driver : drivers) driver->releaseEngine();
}

}  // namespace tengen::site
