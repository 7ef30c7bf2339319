// Tournament rounds on the real site (site/tournaments/tournament_rounds.cpp, docs/protocol.md
// "Tournaments"): a round paired first is shown to everyone and edited by a director alone
// (colours, boards re-paired, handicap), survives a restart, and opens its games as edited when
// started; a round with a start time starts by itself, and the next one once every game has
// ended; a board's game created but not recorded when the server stopped is found, not opened
// twice.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include <chrono>
#include <string>

#include "game/game_settings.h"
#include "site/site_context.h"
#include "site_tournament_fixture.h"
#include "support/typed_settings.h"

namespace tengen::site::test {
namespace {

json::object pairingEdit(int64_t id, const char* kind, int board, json::object fields = {}) {
  json::object m{
      {"type", "tournament_edit_pairing"}, {"tournament", id}, {"edit", kind}, {"board", board}};
  for (const auto& f : fields) m[f.key()] = f.value();
  return m;
}

int64_t seatOf(const json::object& board, const char* colour) {
  return board.at(colour).at("id").as_int64();
}

TEST_F(SiteTournament, APendingPairingIsShownEditedByADirectorAloneAndStartedAsEdited) {
  const TestUser directorUser = registered("director");
  auto director = connect(directorUser);
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 4, players, 1);
  SiteClient& player = *players.front().client;
  EXPECT_EQ(text(act(player, {{"type", "tournament_pair_round"}, {"tournament", id}}), "code"),
            "not_director");
  EXPECT_EQ(text(act(*director, pairingEdit(id, "swap", 1)), "code"), "no_pending_round");
  const json::object paired =
      act(*director, {{"type", "tournament_pair_round"}, {"tournament", id}});
  ASSERT_EQ(text(paired, "type"), "tournament") << json::serialize(paired);

  // Everyone sees the pending pairing: two boards, no game yet, not started.
  json::object t = detail(id);
  ASSERT_EQ(boardsOf(t, 1).size(), 2u);
  EXPECT_FALSE(t.at("rounds").at(0).at("started").as_bool());
  EXPECT_EQ(t.at("roundsStarted").as_int64(), 0);
  for (const json::value& b : boardsOf(t, 1)) EXPECT_TRUE(b.at("game").is_null());
  // The standings count no pending game: no round entry, no opponent in anyone's SOS.
  for (const json::value& row : t.at("standings").as_array()) {
    EXPECT_TRUE(row.at("rounds").as_array().empty()) << json::serialize(row);
    EXPECT_EQ(row.at("sos").to_number<double>(), 0.0);
  }
  const json::object b1 = boardsOf(t, 1)[0].as_object();
  const json::object b2 = boardsOf(t, 1)[1].as_object();
  EXPECT_EQ(text(act(*director, {{"type", "tournament_pair_round"}, {"tournament", id}}), "code"),
            "round_paired");

  // Nobody else edits it, and bad edits are named and change nothing.
  EXPECT_EQ(text(act(player, pairingEdit(id, "swap", 1)), "code"), "not_director");
  const json::object noBoard = act(*director, pairingEdit(id, "swap", 9));
  EXPECT_EQ(text(noBoard, "code"), "bad_request");
  EXPECT_EQ(text(noBoard, "message"), "board 9 does not exist: the round has 2 boards");
  const json::object sameBoard = act(*director, pairingEdit(id, "repair", 1, {{"otherBoard", 1}}));
  EXPECT_EQ(text(sameBoard, "message"), "re-pairing needs two different boards, got 1 twice");
  EXPECT_EQ(text(act(*director, pairingEdit(id, "handicap", 2, {{"handicap", 12}, {"komi", 0.5}})),
                 "message"),
            "handicap must be a whole number of stones from 0 to 9");
  EXPECT_EQ(text(act(*director, pairingEdit(id, "handicap", 2, {{"handicap", 2}, {"komi", 0.3}})),
                 "message"),
            "komi must be a whole or half number");
  EXPECT_EQ(text(act(*director, pairingEdit(id, "flip", 1)), "code"), "bad_request");
  EXPECT_EQ(json::serialize(detail(id).at("rounds")), json::serialize(t.at("rounds")));

  // Colours swapped on board 1; then the Whites of boards 1 and 2 change places; then board 2
  // gets two stones and half a point of komi.
  ASSERT_EQ(text(act(*director, pairingEdit(id, "swap", 1)), "type"), "tournament");
  ASSERT_EQ(text(act(*director, pairingEdit(id, "repair", 1, {{"otherBoard", 2}})), "type"),
            "tournament");
  ASSERT_EQ(text(act(*director, pairingEdit(id, "handicap", 2, {{"handicap", 2}, {"komi", 0.5}})),
                 "type"),
            "tournament");
  const int64_t black1 = seatOf(b1, "white"), white1 = seatOf(b2, "white");
  const int64_t black2 = seatOf(b2, "black"), white2 = seatOf(b1, "black");

  restart();
  t = detail(id);
  EXPECT_EQ(seatOf(boardsOf(t, 1)[0].as_object(), "black"), black1);
  EXPECT_EQ(seatOf(boardsOf(t, 1)[0].as_object(), "white"), white1);
  EXPECT_EQ(seatOf(boardsOf(t, 1)[1].as_object(), "black"), black2);
  EXPECT_EQ(seatOf(boardsOf(t, 1)[1].as_object(), "white"), white2);
  EXPECT_EQ(boardsOf(t, 1)[1].at("handicap").as_int64(), 2);
  for (const json::value& b : boardsOf(t, 1)) EXPECT_TRUE(b.at("game").is_null()) << "not started";

  director = connect(directorUser);
  for (Entrant& e : players) e.client = connect(e.user);
  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  t = whenRoundPlays(*director, id, 1);
  EXPECT_TRUE(t.at("rounds").at(0).at("started").as_bool());
  // The games open as edited; the pairing stands once started.
  const json::object g1 =
      stateOf(*director, boardsOf(t, 1)[0].at("game").as_int64()).at("game").as_object();
  EXPECT_EQ(g1.at("black").at("id").as_int64(), black1);
  EXPECT_EQ(g1.at("white").at("id").as_int64(), white1);
  const json::object g2 =
      stateOf(*director, boardsOf(t, 1)[1].at("game").as_int64()).at("game").as_object();
  EXPECT_EQ(g2.at("black").at("id").as_int64(), black2);
  EXPECT_EQ(g2.at("handicap").as_int64(), 2);
  EXPECT_EQ(g2.at("komi").to_number<double>(), 0.5);
  EXPECT_EQ(text(act(*director, pairingEdit(id, "swap", 1)), "code"), "no_pending_round");
}

TEST_F(SiteTournament, RoundsWithAStartTimeStartByThemselvesTheNextOnceEveryGameEnded) {
  auto director = connect(registered("director"));
  std::vector<Entrant> players;
  // Round 1 in three seconds (time to register), round 2 at the same time: it waits for round
  // 1's games to end.
  const int64_t at = nowMs() + 3000;
  const int64_t id =
      swissWithPlayers(*director, 4, players, 2, {{"roundStarts", json::array{at, at}}});
  EXPECT_EQ(detail(id).at("nextRoundAt").as_int64(), at);
  json::object t = whenRoundPlays(*director, id, 1);
  EXPECT_EQ(t.at("roundsStarted").as_int64(), 1);
  EXPECT_EQ(t.at("rounds").as_array().size(), 1u) << "round 2 waits for round 1's games";
  resignAll(players, t, 1);
  t = whenRoundPlays(*director, id, 2);
  EXPECT_EQ(t.at("roundsStarted").as_int64(), 2);
  for (const json::value& b : boardsOf(t, 1)) EXPECT_FALSE(b.at("result").as_string().empty());

  // A start time must name a round that exists and a time the site can keep.
  const json::object tooMany = act(*director, {{"type", "tournament_create"},
                                               {"name", "Cup"},
                                               {"rounds", 1},
                                               {"roundStarts", json::array{at, at}}});
  EXPECT_EQ(text(tooMany, "message"),
            "roundStarts must be a list of at most 1 start times, one per round");
  const json::object badTime = act(*director, {{"type", "tournament_create"},
                                               {"name", "Cup"},
                                               {"rounds", 2},
                                               {"roundStarts", json::array{nullptr, "soon"}}});
  EXPECT_NE(text(badTime, "message").find("roundStarts round 2:"), std::string::npos)
      << json::serialize(badTime);
}

TEST_F(SiteTournament, AGameCreatedButNotRecordedOnItsBoardIsFoundAtRestartNotOpenedTwice) {
  const TestUser directorUser = registered("director");
  auto director = connect(directorUser);
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 4, players, 1);
  ASSERT_EQ(text(act(*director, {{"type", "tournament_pair_round"}, {"tournament", id}}), "type"),
            "tournament");
  const json::object board = boardsOf(detail(id), 1)[0].as_object();
  // What a node does before it stops at the worst moment: the round started, board 1 claimed,
  // its game created with Black seated, White not yet, and the board not told.
  ASSERT_TRUE(store_->startTournamentRound(id, 1).value());
  ASSERT_TRUE(store_->claimTournamentBoard(id, 1, 1, nowMs()).value());
  game::GameSettings g;
  g.size = 9;
  g.rules = rulesOf("japanese");
  g.rules.komi = 6.5;
  g.timeControl = game::TimeControl::fromJson(liveTable().at("time")).value();
  g.blackUserId = seatOf(board, "black");
  g.ownerUserId = g.blackUserId;
  g.colourChoice = game::ColourChoice::Black;
  g.createdMs = nowMs();
  const int64_t orphan = store_->createGame(g).value();

  restart();
  director = connect(directorUser);
  const json::object t = whenRoundPlays(*director, id, 1);
  EXPECT_EQ(boardsOf(t, 1)[0].at("game").as_int64(), orphan) << "found, not opened again";
  EXPECT_NE(boardsOf(t, 1)[1].at("game").as_int64(), orphan);
  auto client = connect(players.front().user);
  const json::object game = stateOf(*client, orphan).at("game").as_object();
  EXPECT_EQ(game.at("white").at("id").as_int64(), seatOf(board, "white")) << "White sat down";
  EXPECT_EQ(text(game, "status"), "playing");
}

TEST_F(SiteTournament, EveryPlayerWhoseRoundStartsHearsOfTheirGameWhereverTheyAre) {
  auto director = connect(registered("director"));
  std::vector<Entrant> players;
  const int64_t id = swissWithPlayers(*director, 2, players, 1);
  // Each is on some page of the site: subscribed to the "your move" pushes.
  for (Entrant& e : players) {
    ASSERT_EQ(text(e.client->request({{"type", "turns_subscribe"}}), "type"), "your_move");
  }
  ASSERT_EQ(text(act(*director, {{"type", "tournament_start_round"}, {"tournament", id}}), "type"),
            "tournament");
  const json::object t = whenRoundPlays(*director, id, 1);
  const json::object& board = boardsOf(t, 1)[0].as_object();
  for (Entrant& e : players) {
    auto notice = e.client->next("tournament_game");
    ASSERT_TRUE(notice) << e.user.name << " heard nothing";
    const bool black = seatOf(board, "black") == e.user.id;
    EXPECT_EQ(notice->at("gameId").as_int64(), board.at("game").as_int64());
    EXPECT_EQ(text(*notice, "colour"), black ? "black" : "white");
    EXPECT_EQ(notice->at("round").as_int64(), 1);
    EXPECT_EQ(text(notice->at("tournament").as_object(), "name"), "Club Swiss");
    EXPECT_EQ(notice->at("opponent").at("id").as_int64(), seatOf(board, black ? "white" : "black"));
    // A page opened later asks for the same: the player's games in play.
    const json::object asked = e.client->request({{"type", "tournament_games"}});
    ASSERT_EQ(text(asked, "type"), "tournament_games") << json::serialize(asked);
    ASSERT_EQ(asked.at("games").as_array().size(), 1u);
    json::object expected = *notice;
    expected.erase("type");
    EXPECT_EQ(json::serialize(asked.at("games").at(0)), json::serialize(expected));
  }
  resignAll(players, t, 1);
  detailWhen(id, [](const json::object& t) { return everyResultIn(t, 1); });
  const json::object after = players[0].client->request({{"type", "tournament_games"}});
  EXPECT_TRUE(after.at("games").as_array().empty()) << "a game with a result is not in play";
}

TEST_F(SiteTournament, APlayerListImportAddsEveryoneOrNobodyAndNamesTheBadLine) {
  auto director = connect(registered("director"));
  auto ann = connect(registered("ann"));
  registered("bob");
  const json::object created = act(*director, {{"type", "tournament_create"}, {"name", "Cup"}});
  const int64_t id = created.at("tournament").at("id").as_int64();
  auto importCsv = [&](SiteClient& who, const char* csv) {
    return act(who, {{"type", "tournament_import_players"}, {"tournament", id}, {"csv", csv}});
  };
  EXPECT_EQ(text(importCsv(*ann, "ann,2k,Almaty\n"), "code"), "not_director");
  const json::object unknown =
      importCsv(*director, "name,rank,club\nann,2k,Almaty\n\nnobody,1d,X\n");
  EXPECT_EQ(text(unknown, "code"), "bad_request");
  EXPECT_EQ(text(unknown, "message"), "line 4: no registered player is named \"nobody\"");
  const json::object badRank = importCsv(*director, "ann,2k,Almaty\nbob,40k,Astana\n");
  EXPECT_EQ(text(badRank, "code"), "bad_request");
  EXPECT_EQ(text(badRank, "message").rfind("line 2: ", 0), 0u) << json::serialize(badRank);
  const json::object twice = importCsv(*director, "ann,2k,A\nann,3k,A\n");
  EXPECT_EQ(text(twice, "message"), "line 2: \"ann\" is listed twice");
  EXPECT_TRUE(detail(id).at("players").as_array().empty()) << "nothing written";

  const json::object imported =
      importCsv(*director, "name,rank,club\n\"ann\",2k,Almaty\nbob,1d,Astana,KZ\n");
  ASSERT_EQ(text(imported, "type"), "tournament") << json::serialize(imported);
  const json::object t = detail(id);
  const json::array& players = t.at("players").as_array();
  ASSERT_EQ(players.size(), 2u);
  EXPECT_EQ(text(players[0].as_object(), "name"), "ann");
  EXPECT_EQ(text(players[0].as_object(), "rank"), "2k");
  EXPECT_EQ(text(players[0].as_object(), "club"), "Almaty");
  EXPECT_TRUE(players[0].at("checkedIn").as_bool());
  EXPECT_EQ(text(players[1].as_object(), "country"), "KZ");
}

}  // namespace
}  // namespace tengen::site::test
