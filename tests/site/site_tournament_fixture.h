#pragma once

// What the tournament site tests share (site_tournament_test.cpp,
// site_tournament_rounds_test.cpp): a site fixture with registered players on their sockets,
// the tournament as GET /api/tournaments/{id} shows it, and waits for games and results.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "site_fixture.h"

namespace tengen::site::test {

namespace json = boost::json;
struct Entrant {
  TestUser user;
  std::unique_ptr<SiteClient> client;
};

class SiteTournament : public SiteFixture {
 protected:
  // The tournament as GET /api/tournaments/{id} shows it.
  json::object detail(int64_t id) {
    const auto reply = get("/api/tournaments/" + std::to_string(id));
    EXPECT_EQ(reply.status, 200) << reply.body;
    return reply.status == 200 ? json::parse(reply.body).as_object() : json::object{};
  }

  // Waits until `accept` holds for the tournament (game opening and results land a little
  // after the reply that caused them); the last state seen.
  json::object detailWhen(int64_t id, const std::function<bool(const json::object&)>& accept) {
    json::object t;
    for (int i = 0; i < 250; ++i) {
      t = detail(id);
      if (accept(t)) return t;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ADD_FAILURE() << "tournament " << id << " never reached the state: " << json::serialize(t);
    return t;
  }

  static const json::array& boardsOf(const json::object& t, int round) {
    return t.at("rounds").as_array().at(round - 1).at("boards").as_array();
  }

  static bool everyGameOpened(const json::object& t, int round) {
    if (static_cast<int>(t.at("rounds").as_array().size()) < round) return false;
    for (const json::value& b : boardsOf(t, round)) {
      if (!b.at("bye").as_bool() && b.at("game").is_null()) return false;
    }
    return true;
  }

  // The tournament once every game of `round` is in play, both players seated: a board names
  // its game as soon as the store has it, a moment before White sits down.
  json::object whenRoundPlays(SiteClient& watcher, int64_t id, int round) {
    json::object t =
        detailWhen(id, [round](const json::object& t) { return everyGameOpened(t, round); });
    if (static_cast<int>(t.at("rounds").as_array().size()) < round) return t;
    for (const json::value& b : boardsOf(t, round)) {
      if (b.at("bye").as_bool() || b.at("game").is_null()) continue;
      const int64_t game = b.at("game").as_int64();
      std::string status;
      for (int i = 0; i < 250 && status != "playing"; ++i) {
        if (i > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        status = text(stateOf(watcher, game).at("game").as_object(), "status");
      }
      EXPECT_EQ(status, "playing") << "game " << game;
    }
    return t;
  }

  static bool everyResultIn(const json::object& t, int round) {
    for (const json::value& b : boardsOf(t, round)) {
      if (!b.at("bye").as_bool() && b.at("result").as_string().empty()) return false;
    }
    return true;
  }

  json::object act(SiteClient& client, json::object message) {
    return client.request(std::move(message));
  }

  // A 9x9 Swiss of `rounds` rounds created by `director`, with `count` registered and
  // checked-in players of distinct ranks; its id.
  // `extra`: more tournament_create fields.
  int64_t swissWithPlayers(SiteClient& director, int count, std::vector<Entrant>& players,
                           int rounds = 2, const json::object& extra = {}) {
    json::object create{{"type", "tournament_create"},
                        {"name", "Club Swiss"},
                        {"system", "swiss"},
                        {"rounds", rounds},
                        {"size", 9},
                        {"time", liveTable().at("time")}};
    for (const auto& field : extra) create[field.key()] = field.value();
    const json::object created = act(director, create);
    EXPECT_EQ(text(created, "type"), "tournament") << json::serialize(created);
    const int64_t id = created.at("tournament").at("id").as_int64();
    const char* ranks[] = {"2d", "1d", "1k", "2k", "3k", "4k"};
    for (int i = 0; i < count; ++i) {
      Entrant e{registered("player" + std::to_string(i + 1)), nullptr};
      e.client = connect(e.user);
      EXPECT_EQ(text(act(*e.client,
                         {{"type", "tournament_join"}, {"tournament", id}, {"rank", ranks[i]}}),
                     "type"),
                "tournament");
      EXPECT_EQ(text(act(*e.client, {{"type", "tournament_check_in"}, {"tournament", id}}), "type"),
                "tournament");
      players.push_back(std::move(e));
    }
    return id;
  }

  SiteClient& clientOf(std::vector<Entrant>& players, int64_t userId) {
    for (Entrant& e : players) {
      if (e.user.id == userId) return *e.client;
    }
    ADD_FAILURE() << "no entrant " << userId;
    return *players.front().client;
  }

  // Ends every game of `round`: on odd boards White resigns, on even boards Black.
  void resignAll(std::vector<Entrant>& players, const json::object& t, int round) {
    for (const json::value& v : boardsOf(t, round)) {
      const json::object& b = v.as_object();
      if (b.at("bye").as_bool()) continue;
      const bool whiteResigns = b.at("board").as_int64() % 2 == 1;
      const int64_t loser = b.at(whiteResigns ? "white" : "black").at("id").as_int64();
      EXPECT_EQ(verdict(command(clientOf(players, loser), b.at("game").as_int64(), "resign")),
                "ok");
    }
  }
};

}  // namespace tengen::site::test
