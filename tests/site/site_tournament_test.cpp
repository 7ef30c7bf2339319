// Tournaments on the real site (site/tournaments/, docs/protocol.md "Tournaments"): a director
// creates one, players register and check in over their sockets, starting a round opens every
// game seated with the paired colours, resigning ends them and the standings count them at
// once, the next round pairs no one twice, a restart mid-round loses nothing, and only a
// director may act for the tournament.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <set>
#include <thread>
#include <utility>

#include "sgf/parser.h"
#include "site_tournament_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

TEST_F(SiteTournament, TwoSwissRoundsOpenSeatedGamesCountResignationsAndNeverRepeatAPair) {
  auto director = connect(registered("director"));
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 4, players);

  const json::object started =
      act(*director, {{"type", "tournament_start_round"}, {"tournament", id}});
  ASSERT_EQ(text(started, "type"), "tournament") << json::serialize(started);
  json::object t = whenRoundPlays(*director, id, 1);
  ASSERT_EQ(boardsOf(t, 1).size(), 2u);
  EXPECT_EQ(text(t, "status"), "running");
  std::set<std::pair<int64_t, int64_t>> met;
  for (const json::value& v : boardsOf(t, 1)) {
    const json::object& b = v.as_object();
    const int64_t black = b.at("black").at("id").as_int64();
    const int64_t white = b.at("white").at("id").as_int64();
    met.insert({std::min(black, white), std::max(black, white)});
    // The game is open with the paired colours, on the tournament's board, and in play.
    const json::object state = stateOf(*director, b.at("game").as_int64());
    const json::object& game = state.at("game").as_object();
    EXPECT_EQ(game.at("black").at("id").as_int64(), black) << json::serialize(game);
    EXPECT_EQ(game.at("white").at("id").as_int64(), white);
    EXPECT_EQ(game.at("size").as_int64(), 9);
    EXPECT_EQ(game.at("handicap").as_int64(), 0);
    EXPECT_EQ(text(game, "status"), "playing");
  }
  // A round in play cannot be followed by the next.
  EXPECT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "code"),
            "round_in_play");

  resignAll(players, t, 1);
  t = detailWhen(id, [](const json::object& t) { return everyResultIn(t, 1); });
  // Board 1: White resigned, so Black won; board 2: Black resigned.
  EXPECT_EQ(text(boardsOf(t, 1)[0].as_object(), "result"), "B+R");
  EXPECT_EQ(text(boardsOf(t, 1)[1].as_object(), "result"), "W+R");
  const json::array& standings = t.at("standings").as_array();
  ASSERT_EQ(standings.size(), 4u);
  double total = 0;
  for (const json::value& row : standings) total += row.at("score").to_number<double>();
  EXPECT_EQ(total, 2.0);  // two games, one point each
  EXPECT_EQ(standings[0].at("score").to_number<double>(), 1.0);
  EXPECT_EQ(standings[3].at("score").to_number<double>(), 0.0);

  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  t = whenRoundPlays(*director, id, 2);
  for (const json::value& v : boardsOf(t, 2)) {
    const int64_t black = v.at("black").at("id").as_int64();
    const int64_t white = v.at("white").at("id").as_int64();
    EXPECT_FALSE(met.contains({std::min(black, white), std::max(black, white)}))
        << "round 2 repeats a pair of round 1";
  }
  resignAll(players, t, 2);
  t = detailWhen(id, [](const json::object& t) { return everyResultIn(t, 2); });
  EXPECT_EQ(
      text(detailWhen(id, [](const json::object& t) { return text(t, "status") == "finished"; }),
           "status"),
      "finished");
  // The EGF results file lists every player with both rounds.
  const auto file = get("/api/tournaments/" + std::to_string(id) + "/results.txt");
  EXPECT_EQ(file.status, 200);
  EXPECT_NE(file.body.find("player1"), std::string::npos) << file.body;
  EXPECT_NE(file.body.find("/b"), std::string::npos) << file.body;

  // The games as one SGF collection: the four games, by round then board, each with the
  // tournament's name, its round and board, and its result.
  const auto games = get("/api/tournaments/" + std::to_string(id) + "/games.sgf");
  EXPECT_EQ(games.status, 200);
  auto collection = sgf::parseCollection(games.body);
  ASSERT_TRUE(collection) << collection.error().toString() << games.body;
  ASSERT_EQ(collection->size(), 4u) << games.body;
  const char* rounds[] = {"1 (board 1)", "1 (board 2)", "2 (board 1)", "2 (board 2)"};
  for (std::size_t i = 0; i < 4; ++i) {
    const sgf::Node& root = (*collection)[i].root();
    EXPECT_EQ(*root.value("EV"), "Club Swiss");
    EXPECT_EQ(*root.value("RO"), rounds[i]);
    EXPECT_EQ(*root.value("RE"), i % 2 == 0 ? "B+R" : "W+R");
  }
  EXPECT_EQ(get("/api/tournaments/" + std::to_string(id + 99) + "/games.sgf").status, 404);
}

TEST_F(SiteTournament, ARestartMidRoundKeepsPlayersBoardsAndGamesAndTheResultStillCounts) {
  auto director = connect(registered("director"));
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 4, players);
  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  const json::object before = whenRoundPlays(*director, id, 1);

  restart();
  const json::object after = detail(id);
  EXPECT_EQ(json::serialize(after.at("rounds")), json::serialize(before.at("rounds")));
  EXPECT_EQ(json::serialize(after.at("players")), json::serialize(before.at("players")));
  for (Entrant& e : players) e.client = connect(e.user);
  resignAll(players, after, 1);
  const json::object t = detailWhen(id, [](const json::object& t) { return everyResultIn(t, 1); });
  EXPECT_EQ(t.at("standings").as_array()[0].at("score").to_number<double>(), 1.0);
}

TEST_F(SiteTournament, OnlyADirectorActsForTheTournamentAndBadInputIsNamed) {
  auto director = connect(registered("director"));
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 2, players, 1);
  SiteClient& player = *players.front().client;
  EXPECT_EQ(text(act(player, {{"type", "tournament_start_round"}, {"tournament", id}}), "code"),
            "not_director");
  EXPECT_EQ(text(act(player, {{"type", "tournament_add_player"},
                              {"tournament", id},
                              {"name", "player2"},
                              {"rank", "9d"}}),
                 "code"),
            "not_director");
  EXPECT_EQ(
      text(act(player, {{"type", "tournament_join"}, {"tournament", id}, {"rank", "1d"}}), "code"),
      "already_registered");
  const json::object badRank =
      act(*director, {{"type", "tournament_join"}, {"tournament", id}, {"rank", "40k"}});
  EXPECT_EQ(text(badRank, "code"), "bad_request");
  EXPECT_NE(text(badRank, "message").find("rank"), std::string::npos) << json::serialize(badRank);
  const json::object noName = act(*director, {{"type", "tournament_create"}, {"rounds", 3}});
  EXPECT_EQ(text(noName, "code"), "bad_request");
  EXPECT_NE(text(noName, "message").find("name"), std::string::npos) << json::serialize(noName);
  EXPECT_EQ(
      text(act(*director, {{"type", "tournament_join"}, {"tournament", id + 99}, {"rank", "1d"}}),
           "code"),
      "not_found");
  auto guestClient = connect(guest());
  EXPECT_EQ(text(act(*guestClient, {{"type", "tournament_join"}, {"tournament", id}}), "code"),
            "registered_only");
  EXPECT_EQ(get("/api/tournaments/" + std::to_string(id + 99)).status, 404);
  EXPECT_EQ(get("/api/tournaments/abc").status, 404);
  const json::object list = json::parse(get("/api/tournaments").body).as_object();
  ASSERT_EQ(list.at("tournaments").as_array().size(), 1u);
  EXPECT_EQ(list.at("tournaments").as_array()[0].at("system").as_string(), "swiss");
  // The list of players is untouched by the refused actions.
  EXPECT_EQ(detail(id).at("players").as_array().size(), 2u);

  // A result by decision: the director's alone, one of the four words, on a board that exists.
  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  const json::object decide{{"type", "tournament_set_result"},
                            {"tournament", id},
                            {"round", 1},
                            {"board", 1},
                            {"result", "W+"}};
  EXPECT_EQ(text(act(player, decide), "code"), "not_director");
  json::object badWord = decide;
  badWord["result"] = "white wins";
  EXPECT_EQ(text(act(*director, badWord), "code"), "bad_request");
  json::object noBoard = decide;
  noBoard["board"] = 7;
  EXPECT_EQ(text(act(*director, noBoard), "code"), "not_found");
  const json::object decided = act(*director, decide);
  ASSERT_EQ(text(decided, "type"), "tournament") << json::serialize(decided);
  const json::object& board =
      decided.at("tournament").at("rounds").at(0).at("boards").at(0).as_object();
  EXPECT_EQ(text(board, "result"), "W+");
  EXPECT_TRUE(board.at("byDecision").as_bool());
  const json::object& winner = decided.at("tournament").at("standings").at(0).as_object();
  EXPECT_EQ(winner.at("player").as_int64(), board.at("white").at("id").as_int64());
  EXPECT_EQ(text(decided.at("tournament").as_object(), "status"), "finished");

  // A co-director added by the director acts as one: refused now only because it has ended.
  EXPECT_EQ(
      text(act(*director,
               {{"type", "tournament_add_director"}, {"tournament", id}, {"name", "player1"}}),
           "type"),
      "tournament");
  EXPECT_EQ(text(act(player, {{"type", "tournament_start_round"}, {"tournament", id}}), "code"),
            "finished");
}

TEST_F(SiteTournament, AMcMahonHandicapGameOpensWithTheWeakerPlayerAtBlackAndTheStones) {
  auto director = connect(registered("director"));
  const json::object created = act(*director, {{"type", "tournament_create"},
                                               {"name", "Handicap Cup"},
                                               {"system", "mcmahon"},
                                               {"rounds", 1},
                                               {"size", 9},
                                               {"handicap", true},
                                               {"time", liveTable().at("time")}});
  ASSERT_EQ(text(created, "type"), "tournament") << json::serialize(created);
  const int64_t id = created.at("tournament").at("id").as_int64();
  // 1d and 3k: McMahon scores 30 and 27, three apart; minus the reduction of one, 2 stones.
  const TestUser strong = registered("strong");
  const TestUser weak = registered("weak");
  for (const auto& [user, rank] : {std::pair{strong, "1d"}, std::pair{weak, "3k"}}) {
    auto client = connect(user);
    ASSERT_EQ(text(act(*client, {{"type", "tournament_join"}, {"tournament", id}, {"rank", rank}}),
                   "type"),
              "tournament");
  }
  // Nobody checked in: round 1 has nobody to pair until the director checks them in.
  EXPECT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "code"),
            "too_few_players");
  for (const auto& [name, rank] : {std::pair{"strong", "1d"}, std::pair{"weak", "3k"}}) {
    ASSERT_EQ(text(act(*director, {{"type", "tournament_add_player"},
                                   {"tournament", id},
                                   {"name", name},
                                   {"rank", rank}}),
                   "type"),
              "tournament");
  }
  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  const json::object t = whenRoundPlays(*director, id, 1);
  const json::object& board = boardsOf(t, 1).at(0).as_object();
  EXPECT_EQ(board.at("black").at("id").as_int64(), weak.id);
  EXPECT_EQ(board.at("handicap").as_int64(), 2);
  const json::object game = stateOf(*director, board.at("game").as_int64()).at("game").as_object();
  EXPECT_EQ(game.at("black").at("id").as_int64(), weak.id);
  EXPECT_EQ(game.at("white").at("id").as_int64(), strong.id);
  EXPECT_EQ(game.at("handicap").as_int64(), 2);
  EXPECT_EQ(game.at("komi").to_number<double>(), 0.5);
}

}  // namespace
}  // namespace tengen::site::test
