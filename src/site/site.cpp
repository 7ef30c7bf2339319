#include "site/site.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "base/contained.h"
#include "base/log.h"
#include "site/analysis/engine_reviewer.h"
#include "site/analysis/estimate_handlers.h"
#include "site/analysis/live_moves.h"
#include "site/analysis/review_handlers.h"
#include "site/analysis/review_sgf.h"
#include "site/analysis/score_estimator.h"
#include "site/automatch/automatch_handlers.h"
#include "site/automatch/matchmaker.h"
#include "site/blocking_pool.h"
#include "site/bots/bot_feed.h"
#include "site/bots/bot_handlers.h"
#include "site/bots/bot_service.h"
#include "site/cluster/cluster.h"
#include "site/cluster/cluster_feed.h"
#include "site/conditional/conditional_feed.h"
#include "site/conditional/conditional_handlers.h"
#include "site/lobby/lobby.h"
#include "site/lobby/lobby_chat.h"
#include "site/lobby/lobby_feed.h"
#include "site/lobby/lobby_handlers.h"
#include "site/lobby/table_expiry.h"
#include "site/lobby/turn_board.h"
#include "site/moderation/moderation_handlers.h"
#include "site/moderation/moderation_service.h"
#include "site/presence/presence_feed.h"
#include "site/ratings/player_routes.h"
#include "site/records/game_rows.h"
#include "site/review/review_handlers.h"
#include "site/review/review_routes.h"
#include "site/review/review_service.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"
#include "site/rooms/game_routes.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/room_loader.h"
#include "site/site_context.h"
#include "site/tournaments/tournament_clock.h"
#include "site/tournaments/tournament_feed.h"
#include "site/tournaments/tournament_handlers.h"
#include "site/tournaments/tournament_routes.h"
#include "site/tournaments/tournament_service.h"
#include "site/vacation/vacation_handlers.h"
#include "site/vacation/vacation_service.h"

namespace tengen::site {

namespace asio = boost::asio;

class Site::Impl {
 public:
  Impl(store::Store& store, SiteOptions options)
      : options_(options),
        blocking_(options.blockingThreads),
        lobby_(io_, options.lobbyInterval),
        context_{store, io_, blocking_.pool(), lobby_, rooms_, appends_, [this] { return coin(); }},
        rooms_(context_),
        random_(options.seed != 0 ? options.seed : std::random_device{}()),
        work_(asio::make_work_guard(io_)) {
    context_.limits = options.limits;
    bots_ = std::make_unique<BotService>(context_, options.bots, options.botThreads);
    context_.bots = bots_.get();
    context_.turns = &turns_;
    context_.moderation = &moderation_.state();
    EngineReviewer::Options review;
    if (options.reviewPlayouts > 0) review.playouts = options.reviewPlayouts;
    reviewer_ = std::make_unique<EngineReviewer>(store, review, &liveMoves_);
    context_.reviewedSgf = [this](int64_t gameId,
                                  std::string_view sgf) -> Result<std::optional<std::string>> {
      auto review = context_.store.engineReviewOf(gameId, reviewer_->options().playouts);
      if (!review) return std::unexpected(review.error());
      if (!*review) return std::optional<std::string>{};
      auto annotated = withReviewComments(sgf, (*review)->positions);
      if (!annotated) return std::unexpected(annotated.error());
      return std::optional<std::string>{std::move(*annotated)};
    };
    if (!options.cluster.node.empty()) {
      cluster_ = std::make_unique<Cluster>(context_, options.cluster);
      context_.cluster = cluster_.get();
      context_.network = cluster_.get();
      context_.bus = options.cluster.bus;
      context_.node = options.cluster.node;
    }
    reviews_.joinNodes();
    reviewer_->joinNodes(context_.bus, context_.node);
    // The rooms' subscribers, in the order they hear of a change: the other nodes first, so
    // that their rooms start catching up as early as possible.
    if (cluster_) {
      clusterFeed_ = std::make_unique<ClusterFeed>(*cluster_);
      context_.roomSubscribers.push_back(clusterFeed_.get());
    }
    botFeed_ = std::make_unique<BotFeed>(*bots_, cluster_ != nullptr);
    presence_ = std::make_unique<PresenceFeed>(
        io_, context_.limits,
        PresenceNetwork{context_.bus, context_.node,
                        cluster_ ? options.cluster.leaseTtl : std::chrono::milliseconds(3000)});
    context_.presence = presence_.get();
    context_.roomSubscribers.insert(
        context_.roomSubscribers.end(),
        {presence_.get(), &lobbyFeed_, &turnFeed_, &gameRows_, botFeed_.get(), &vacations_.feed(),
         &tournamentFeed_, &conditionalFeed_, &liveMoves_});
    lobby_.setBots([this] { return bots_->roster().toJson(); });
    lobby_.start();
    matchmaker_ = std::make_unique<Matchmaker>(context_, options.automatch, random_());
    moderation_.setMatchmaker(matchmaker_.get());
    matchmaker_->start();
    tableExpiry_.start();
    for (int i = 0; i < std::max(1, options.threads); ++i) {
      threads_.emplace_back([this] { runContainedLoop("site_io", [this] { io_.run(); }); });
    }
  }

  ~Impl() { stop(); }

  void install(server::Server& server) {
    addGameHandlers(server.messageHandlers(), context_);
    addLobbyHandlers(server.messageHandlers(), context_);
    lobbyChat_.install(server.messageHandlers());
    addBotHandlers(server.messageHandlers(), context_);
    addSessionHooks(server.messageHandlers(), context_);
    addAutomatchHandlers(server.messageHandlers(), context_, *matchmaker_);
    addVacationHandlers(server.messageHandlers(), context_, vacations_);
    addConditionalHandlers(server.messageHandlers(), context_);
    addEstimateHandlers(server.messageHandlers(), context_, estimator_);
    addReviewHandlers(server.messageHandlers(), context_, *reviewer_);
    addGameRoutes(server.router(), context_);
    addPlayerRoutes(server.router(), context_);
    addTournamentHandlers(server.messageHandlers(), context_, tournaments_);
    addTournamentRoutes(server.router(), context_, tournaments_);
    addModerationHandlers(server.messageHandlers(), context_, moderation_);
    moderation_.setLoginSockets(server.loginSockets());
    addReviewHandlers(server.messageHandlers(), context_, reviews_);
    addReviewRoutes(server.router(), context_, reviews_,
                    [&handlers = server.messageHandlers()](std::string_view cookie) {
                      return handlers.authenticate(cookie);
                    });
  }

  Result<void> prepareBots() { return bots_->prepare(); }
  SiteContext& context() { return context_; }

  Result<int> resumeGames() {
    if (auto prepared = bots_->prepare(); !prepared) return std::unexpected(prepared.error());
    // Read before this server records its own liveness, which would hide the old one.
    auto alive = context_.store.lastAliveMs();
    if (!alive) return std::unexpected(alive.error());
    context_.previousAliveMs = *alive;
    // Before any room starts: a room pauses its clocks for the players away as it starts.
    if (auto loaded = vacations_.load(nowMs()); !loaded) return std::unexpected(loaded.error());
    // Before any socket is served: a block or a mute made before the restart still holds.
    if (auto loaded = moderation_.load(nowMs()); !loaded) return std::unexpected(loaded.error());
    recordAlive();
    int resumed = 0;
    for (const game::GameStatus status : {game::GameStatus::Playing, game::GameStatus::Open}) {
      auto rows = context_.store.listGames(status, -1);
      if (!rows) return std::unexpected(rows.error());
      for (const store::GameSettings& row : *rows) {
        if (rooms_.find(row.id)) continue;
        auto loaded = loadRoom(context_.store, row.id);
        if (!loaded || !*loaded) {
          log::error("resume_failed",
                     {{"game", row.id}, {"error", loaded ? "gone" : loaded.error().toString()}});
          continue;
        }
        const game::Phase phase = (*loaded)->machine.phase();
        const auto black = (*loaded)->machine.black();
        const auto white = (*loaded)->machine.white();
        auto room =
            rooms_.adopt(std::make_shared<GameRoom>(context_, row.id, std::move(**loaded), true));
        // With several nodes, the bots of a game play from the node that runs it.
        const bool runsHere = !cluster_ || room->lease();
        if (runsHere && (phase == game::Phase::Handicap || phase == game::Phase::Play ||
                         phase == game::Phase::Removal)) {
          // The bots' engines start afresh and learn the game from its log.
          bots_->attach(room, row.id, black ? black->id : 0, white ? white->id : 0, true);
        }
        ++resumed;
      }
    }
    log::info("games_resumed", {{"count", resumed}});
    // After the rooms: a board whose game ended unheard takes its result now.
    tournaments_.resume();
    tournamentClock_.start();
    if (cluster_) cluster_->start();
    presence_->start();
    return resumed;
  }

  void stop() {
    std::lock_guard lock(stopMutex_);
    if (stopped_) return;
    stopped_ = true;
    if (cluster_) cluster_->stop();
    presence_->stop();
    bots_->stop();
    reviewer_->stop();  // ends the running search; later requests queue, and nothing runs them
    estimator_.stop();
    lobby_.stop();
    matchmaker_->stop();
    tableExpiry_.stop();
    // Append callbacks post to room strands: let them land while the threads still run.
    if (!appends_.waitIdle(std::chrono::seconds(10))) log::warn("site_stop_appends_pending", {});
    work_.reset();
    io_.stop();
    for (std::thread& thread : threads_) thread.join();
    threads_.clear();
    // Nothing runs the drivers' strands any more: engines still running are killed now.
    bots_->releaseEngines();
    // Row writes already queued still complete: the store must see the results it was told.
    blocking_.join();
    // The last sign of life of a clean stop: the next server charges running clocks up to the
    // moment it stopped taking commands.
    if (aliveRecorded_) {
      const int64_t stopping = stoppingMs_.load();
      (void)context_.store.recordAlive(stopping != 0 ? stopping : nowMs());
    }
  }

  void stopping() {
    int64_t none = 0;
    stoppingMs_.compare_exchange_strong(none, nowMs());
  }

 private:
  // Records that this server is alive now, then again every aliveInterval (on the blocking
  // pool: it is a store write), and ends the vacations that ran out meanwhile (so one ends
  // at most aliveInterval late). Only one thread at a time touches the timer: resumeGames
  // once, then the pool job that the previous wait posted; io_.stop() ends the chain.
  void recordAlive() {
    if (stoppingMs_.load() != 0) return;  // stop() records the stopping moment itself
    aliveRecorded_ = true;
    const int64_t now = nowMs();
    if (auto ok = context_.store.recordAlive(now); !ok) {
      log::warn("alive_record_failed", {{"error", ok.error().toString()}});
    }
    if (auto ended = vacations_.endExpired(now); !ended) {
      log::warn("vacation_sweep_failed", {{"error", ended.error().toString()}});
    }
    aliveTimer_.expires_after(options_.aliveInterval);
    aliveTimer_.async_wait([this](const boost::system::error_code& ec) {
      if (ec) return;
      asio::post(context_.blocking, [this] { recordAlive(); });
    });
  }

  int coin() {
    std::lock_guard lock(randomMutex_);
    return static_cast<int>(random_() & 1);
  }

  SiteOptions options_;
  // Declared before io_, so destroyed after it: handlers still queued on io_ when it goes
  // hold rooms, and a room's row-write strand runs on this pool, whose strand service must
  // outlive them (it did not, and freeing a room then corrupted the heap).
  BlockingPool blocking_;
  asio::io_context io_;
  PendingAppends appends_;
  Lobby lobby_;
  TurnBoard turns_;
  SiteContext context_;
  RoomDirectory rooms_;
  VacationService vacations_{context_};
  ConditionalFeed conditionalFeed_{context_};
  ScoreEstimator estimator_;
  // A room subscriber the reviewer reads: declared before it, so it outlives it.
  LiveMoves liveMoves_;
  std::unique_ptr<EngineReviewer> reviewer_;  // its thread writes the store: stopped in stop()
  ModerationService moderation_{context_};
  ReviewService reviews_{context_};    // its saves run on blocking_, joined in stop()
  LobbyChat lobbyChat_{context_};      // its store calls run on blocking_, joined in stop()
  TableExpiry tableExpiry_{context_};  // its timer runs on io_: declared after it, gone before it
  std::mutex randomMutex_;
  std::mt19937_64 random_;
  asio::executor_work_guard<asio::io_context::executor_type> work_;
  std::vector<std::thread> threads_;
  // Destroyed before the io_context: engine processes still alive are killed then.
  std::unique_ptr<BotService> bots_;
  std::unique_ptr<Cluster> cluster_;  // several nodes only
  // The rooms' subscribers (room_subscriber.h): they outlive every room.
  LobbyFeed lobbyFeed_{lobby_};
  TurnFeed turnFeed_{turns_};
  GameRows gameRows_{context_};
  std::unique_ptr<BotFeed> botFeed_;
  TournamentService tournaments_{context_};
  TournamentFeed tournamentFeed_{context_, tournaments_};
  // Its timer runs on io_: destroyed before it.
  TournamentClock tournamentClock_{context_, tournaments_};
  std::unique_ptr<ClusterFeed> clusterFeed_;
  // Its timers run on io_: destroyed before it.
  std::unique_ptr<PresenceFeed> presence_;
  // Its timer runs on io_: destroyed before it.
  std::unique_ptr<Matchmaker> matchmaker_;
  std::mutex stopMutex_;
  bool stopped_ = false;
  asio::steady_timer aliveTimer_{io_};
  std::atomic<bool> aliveRecorded_ = false;
  std::atomic<int64_t> stoppingMs_ = 0;  // when stopping() was called, 0 before
};

Site::Site(store::Store& store, SiteOptions options)
    : impl_(std::make_unique<Impl>(store, options)) {}

Site::~Site() = default;

void Site::install(server::Server& server) { impl_->install(server); }

Result<int> Site::resumeGames() { return impl_->resumeGames(); }

Result<void> Site::prepareBots() { return impl_->prepareBots(); }

void Site::stopping() { impl_->stopping(); }

void Site::stop() { impl_->stop(); }

SiteContext& Site::context() { return impl_->context(); }
asio::io_context& Site::io() { return impl_->context().io; }

}  // namespace tengen::site
