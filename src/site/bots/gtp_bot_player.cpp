#include "site/bots/gtp_bot_player.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "go/rules.h"

namespace tengen::site {

namespace asio = boost::asio;
using namespace std::chrono_literals;

namespace {

constexpr std::chrono::milliseconds kCommandTimeout = 10s;
constexpr std::chrono::milliseconds kGenmoveGrace = 5s;

BotFailure failureOf(const gtp::GtpError& error) {
  switch (error.kind) {
    case gtp::GtpFailure::Timeout:
      return {"engine_timeout", error.message};
    case gtp::GtpFailure::Exited:
      return {"engine_exited", error.message};
    case gtp::GtpFailure::Refused:
    case gtp::GtpFailure::Protocol:
      break;
  }
  return {"engine_protocol", error.message};
}

std::string colourLetter(go::Color colour) { return colour == go::Color::Black ? "b" : "w"; }

std::string lower(std::string text) {
  for (char& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return text;
}

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
}

std::optional<go::Point> vertex(const go::Geometry& g, const std::string& text) {
  std::string upper = text;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return g.fromGtp(upper);
}

// Whitespace-separated vertices (GTP lists: one or many per line).
std::optional<std::vector<go::Point>> vertexList(const go::Geometry& g, const std::string& text) {
  std::istringstream in(text);
  std::vector<go::Point> points;
  std::string word;
  while (in >> word) {
    const auto p = vertex(g, word);
    if (!p) return std::nullopt;
    points.push_back(*p);
  }
  return points;
}

int seconds(int64_t ms) { return static_cast<int>(std::max<int64_t>(0, ms) / 1000); }

}  // namespace

GtpBotPlayer::GtpBotPlayer(const BotSpec& spec, asio::any_io_executor strand)
    : spec_(spec), strand_(std::move(strand)) {}

GtpBotPlayer::~GtpBotPlayer() = default;

void GtpBotPlayer::close() {
  closed_ = true;
  if (client_) client_->close();
}

void GtpBotPlayer::send(std::string command, std::chrono::milliseconds timeout,
                        std::function<void(BotResult<std::string>)> handler) {
  client_->send(std::move(command), timeout, [handler = std::move(handler)](gtp::GtpReply reply) {
    if (!reply) return handler(std::unexpected(failureOf(reply.error())));
    handler(std::move(*reply));
  });
}

void GtpBotPlayer::sendAll(std::vector<std::string> commands, Then then) {
  if (commands.empty()) {
    asio::post(strand_, [then = std::move(then)] { then({}); });
    return;
  }
  // The client answers in order, so the last reply comes after every earlier one.
  auto failure = std::make_shared<std::optional<BotFailure>>();
  for (std::size_t i = 0; i < commands.size(); ++i) {
    const bool last = i + 1 == commands.size();
    send(commands[i], kCommandTimeout, [failure, last, then](BotResult<std::string> reply) {
      if (!reply && !*failure) *failure = reply.error();
      if (!last) return;
      if (*failure) return then(std::unexpected(**failure));
      then({});
    });
  }
}

void GtpBotPlayer::sync(const BotSnapshot& snapshot, Then then) {
  if (closed_) {
    return asio::post(strand_, [then = std::move(then), name = spec_.name] {
      then(std::unexpected(BotFailure{"engine_exited", name + " was closed"}));
    });
  }
  if (client_) return afterStart(snapshot, std::move(then));
  auto started = gtp::GtpClient::start(strand_, {.name = spec_.name, .command = spec_.command});
  if (!started) {
    // The client's message already names the engine ("cannot start GNU Go: ...").
    const std::string detail = started.error().toString();
    return asio::post(strand_, [then = std::move(then), detail] {
      then(std::unexpected(BotFailure{"engine_exited", detail}));
    });
  }
  client_ = std::move(*started);
  send("list_commands", kCommandTimeout,
       [weak = weak_from_this(), snapshot, then = std::move(then)](BotResult<std::string> reply) {
         const auto self = weak.lock();
         if (!self) return;  // the seat is gone: nobody waits for this answer
         if (!reply) return then(std::unexpected(reply.error()));
         std::istringstream lines(*reply);
         std::string line;
         while (std::getline(lines, line)) self->commands_.insert(trim(line));
         self->afterStart(snapshot, then);
       });
}

void GtpBotPlayer::afterStart(const BotSnapshot& snapshot, Then then) {
  const go::Game& game = snapshot.game;
  const go::Geometry& g = game.geometry();
  const auto& moves = game.moves();
  const bool prefix = ready_ && engineHandicap_ == snapshot.handicapStones &&
                      engineMoves_.size() <= moves.size() &&
                      std::equal(engineMoves_.begin(), engineMoves_.end(), moves.begin());
  std::vector<std::string> commands;
  std::size_t from = engineMoves_.size();
  if (!prefix) {
    // A fresh engine, or one whose game no longer matches: replay the whole game.
    commands.push_back("boardsize " + std::to_string(game.size()));
    commands.push_back("clear_board");
    commands.push_back("komi " + go::formatKomi(game.rules().komi));
    if (!snapshot.handicapStones.empty()) {
      std::string line = "set_free_handicap";
      for (go::Point p : snapshot.handicapStones) line += " " + g.toGtp(p);
      commands.push_back(line);
    }
    for (std::string& line : timeSettings(snapshot.timeControl)) commands.push_back(line);
    from = 0;
  }
  for (std::size_t i = from; i < moves.size(); ++i) {
    commands.push_back("play " + colourLetter(moves[i].color) + " " + g.toGtp(moves[i].point));
  }
  ready_ = true;
  engineHandicap_ = snapshot.handicapStones;
  engineMoves_ = moves;
  sendAll(std::move(commands), std::move(then));
}

std::vector<std::string> GtpBotPlayer::timeSettings(const game::TimeControl& c) const {
  const std::string main = std::to_string(c.mainSeconds);
  const std::string period = std::to_string(c.periodSeconds);
  if (lists("kgs-time_settings")) {
    switch (c.kind) {
      case game::TimeKind::None:
        return {"kgs-time_settings none"};
      case game::TimeKind::Absolute:
      case game::TimeKind::Fischer:  // the increment arrives through time_left before each move
        return {"kgs-time_settings absolute " + main};
      case game::TimeKind::Byoyomi:
        return {"kgs-time_settings byoyomi " + main + " " + period + " " +
                std::to_string(c.periods)};
      case game::TimeKind::Canadian:
        return {"kgs-time_settings canadian " + main + " " + period + " " +
                std::to_string(c.stones)};
    }
  }
  if (!lists("time_settings")) return {};
  switch (c.kind) {
    case game::TimeKind::None:
      return {"time_settings 0 1 0"};  // GTP 2 section 6.3.6: no time limit
    case game::TimeKind::Absolute:
    case game::TimeKind::Fischer:
      return {"time_settings " + main + " 0 0"};
    case game::TimeKind::Byoyomi:  // GTP knows only Canadian overtime: one stone per period
      return {"time_settings " + main + " " + period + " 1"};
    case game::TimeKind::Canadian:
      return {"time_settings " + main + " " + period + " " + std::to_string(c.stones)};
  }
  return {};
}

void GtpBotPlayer::genmove(const BotSnapshot& snapshot, go::Color colour,
                           std::function<void(BotResult<BotMove>)> done) {
  sync(snapshot, [weak = weak_from_this(), snapshot, colour,
                  done = std::move(done)](BotResult<void> synced) {
    const auto self = weak.lock();
    if (!self) return;  // the seat is gone: nobody waits for this answer
    if (!synced) return done(std::unexpected(synced.error()));
    const game::ClockState& clock = snapshot.clock(colour);
    std::chrono::milliseconds timeout = std::chrono::seconds(self->spec_.moveSeconds);
    std::vector<std::string> before;
    if (snapshot.timeControl.kind != game::TimeKind::None) {
      timeout = std::chrono::milliseconds(clock.mainMs + clock.periodMs) + kGenmoveGrace;
      if (self->lists("time_left")) {
        const bool overtime = clock.mainMs <= 0 &&
                              snapshot.timeControl.kind != game::TimeKind::Absolute &&
                              snapshot.timeControl.kind != game::TimeKind::Fischer;
        const int stones = !overtime ? 0
                           : snapshot.timeControl.kind == game::TimeKind::Canadian
                               ? clock.stonesLeft
                               : clock.periodsLeft;
        before.push_back("time_left " + colourLetter(colour) + " " +
                         std::to_string(seconds(overtime ? clock.periodMs : clock.mainMs)) + " " +
                         std::to_string(stones));
      }
    }
    const bool cleanup =
        !snapshot.game.rules().hasRemovalPhase() && self->lists("kgs-genmove_cleanup");
    const std::string command =
        (cleanup ? "kgs-genmove_cleanup " : "genmove ") + colourLetter(colour);
    self->sendAll(std::move(before), [weak, snapshot, colour, timeout, command,
                                      done](BotResult<void> sent) {
      const auto self = weak.lock();
      if (!self) return;  // the seat is gone: nobody waits for this answer
      if (!sent) return done(std::unexpected(sent.error()));
      self->send(
          command, timeout, [weak, snapshot, colour, command, done](BotResult<std::string> reply) {
            const auto self = weak.lock();
            if (!self) return;  // the seat is gone: nobody waits for this answer
            if (!reply) return done(std::unexpected(reply.error()));
            const std::string answer = lower(trim(*reply));
            BotMove move;
            move.text = trim(*reply);
            if (answer == "resign") {
              move.kind = BotMoveKind::Resign;
              return done(move);
            }
            if (answer == "pass") {
              move.kind = BotMoveKind::Pass;
            } else {
              const auto point = vertex(snapshot.game.geometry(), answer);
              if (!point) {
                return done(std::unexpected(BotFailure{
                    "engine_illegal_move",
                    self->spec_.name + " answered `" + command + "` with \"" + move.text +
                        "\", which is not a point on the " + std::to_string(snapshot.game.size()) +
                        "x" + std::to_string(snapshot.game.size()) + " board"}));
              }
              move.kind = BotMoveKind::Play;
              move.point = *point;
            }
            // The engine has played it on its own board.
            self->engineMoves_.push_back(go::Move{colour, move.point});
            done(move);
          });
    });
  });
}

void GtpBotPlayer::syncAndSend(
    const BotSnapshot& snapshot, std::string command,
    std::function<void(GtpBotPlayer& self, BotResult<std::string>)> handler) {
  sync(snapshot, [weak = weak_from_this(), command = std::move(command),
                  handler = std::move(handler)](BotResult<void> synced) mutable {
    const auto self = weak.lock();
    if (!self) return;
    if (!synced) return handler(*self, std::unexpected(synced.error()));
    self->send(std::move(command), kCommandTimeout,
               [weak, handler = std::move(handler)](BotResult<std::string> reply) {
                 if (const auto self = weak.lock()) handler(*self, std::move(reply));
               });
  });
}

void GtpBotPlayer::placeHandicap(const BotSnapshot& snapshot,
                                 std::function<void(BotResult<std::vector<go::Point>>)> done) {
  const std::string command = "place_free_handicap " + std::to_string(snapshot.handicap);
  syncAndSend(snapshot, command,
              [snapshot, command, done = std::move(done)](GtpBotPlayer& self,
                                                          BotResult<std::string> reply) {
                if (!reply) return done(std::unexpected(reply.error()));
                const auto points = vertexList(snapshot.game.geometry(), *reply);
                if (!points || static_cast<int>(points->size()) != snapshot.handicap) {
                  return done(std::unexpected(BotFailure{
                      "engine_illegal_move", self.spec_.name + " answered `" + command +
                                                 "` with \"" + trim(*reply) + "\", not " +
                                                 std::to_string(snapshot.handicap) + " points"}));
                }
                self.engineHandicap_ = *points;
                done(*points);
              });
}

void GtpBotPlayer::deadStones(const BotSnapshot& snapshot,
                              std::function<void(BotResult<go::PointSet>)> done) {
  const std::string command = "final_status_list dead";
  syncAndSend(snapshot, command,
              [snapshot, command, done = std::move(done)](GtpBotPlayer& self,
                                                          BotResult<std::string> reply) {
                if (!reply) return done(std::unexpected(reply.error()));
                const auto points = vertexList(snapshot.game.geometry(), *reply);
                if (!points) {
                  return done(std::unexpected(BotFailure{
                      "engine_protocol", self.spec_.name + " answered `" + command +
                                             "` with text that is not a list of points"}));
                }
                go::PointSet dead;
                const go::Board& board = snapshot.game.board();
                // Only stones can be dead; the site marks whole chains.
                for (go::Point p : *points) {
                  if (go::isStone(board.at(p))) dead |= board.chainStones(p);
                }
                done(std::move(dead));
              });
}

}  // namespace tengen::site
