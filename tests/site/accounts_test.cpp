// Accounts over real HTTP and WebSocket: a Server on a free port, a SqliteStore on a temporary
// file, the routes and cookie of docs/protocol.md "Accounts (REST)" and "Identity on the socket".

#include "site/accounts/accounts.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include "base/log.h"
#include "server/server.h"
#include "site/accounts/password.h"
#include "store/sqlite_connection.h"
#include "store/sqlite_store.h"
#include "support/files.h"
#include "support/test_client.h"

namespace tengen::site {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::HttpReply;
using server::test::WsClient;
using tengen::test::readFile;
using namespace std::chrono_literals;

const std::regex kSessionCookiePattern(
    "tengen_session=([A-Za-z0-9_-]{43}); Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000");

std::string credentials(std::string_view name, std::string_view password) {
  return json::serialize(json::object{{"name", name}, {"password", password}});
}

// "tengen_session=…" from a Set-Cookie header, "" when it does not have the protocol's form.
std::string sessionCookie(const HttpReply& reply) {
  std::smatch match;
  const std::string setCookie = reply.header("set-cookie");
  if (!std::regex_match(setCookie, match, kSessionCookiePattern)) return "";
  return "tengen_session=" + match[1].str();
}

json::object bodyOf(const HttpReply& reply) {
  boost::system::error_code ec;
  json::value value = json::parse(reply.body, ec);
  if (ec || !value.is_object()) {
    ADD_FAILURE() << "not a JSON object: " << reply.body << " " << reply.error;
    return {};
  }
  return value.as_object();
}

std::string errorCode(const HttpReply& reply) {
  const json::object body = bodyOf(reply);
  const auto* error = body.if_contains("error");
  if (error == nullptr || !error->is_object()) return "";
  return std::string(error->as_object().at("code").as_string());
}

std::string errorMessage(const HttpReply& reply) {
  const json::object body = bodyOf(reply);
  const auto* error = body.if_contains("error");
  if (error == nullptr || !error->is_object()) return "";
  return std::string(error->as_object().at("message").as_string());
}

json::object userOf(const HttpReply& reply) {
  const json::object body = bodyOf(reply);
  const auto* user = body.if_contains("user");
  if (user == nullptr || !user->is_object()) {
    ADD_FAILURE() << "no user in " << reply.body;
    return {};
  }
  return user->as_object();
}

class AccountsHttp : public ::testing::Test {
 protected:
  void SetUp() override {
    log::setLevel(log::Level::Warn);
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("tengen-accounts-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    dbPath_ = (dir_ / "accounts.db").string();
    auto store = store::SqliteStore::open(dbPath_);
    ASSERT_TRUE(store) << store.error().toString();
    store_ = std::move(*store);
    accounts_ = std::make_unique<Accounts>(*store_);
    server::ServerOptions options;
    options.port = 0;
    options.webRoot = dir_ / "web";
    server_ = std::make_unique<server::Server>(options);
    accounts_->install(*server_);
    auto started = server_->start();
    ASSERT_TRUE(started) << started.error().toString();
    port_ = server_->port();
  }

  void TearDown() override {
    if (server_) server_->stop();
    accounts_.reset();
    server_.reset();
    store_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  HttpReply post(std::string_view target, std::string body = {}, std::string cookie = {}) {
    server::test::Headers headers{{"Content-Type", "application/json"}};
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return server::test::httpRequest(port_, "POST", target, headers, std::move(body));
  }

  HttpReply me(const std::string& cookie) {
    server::test::Headers headers;
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return server::test::httpRequest(port_, "GET", "/api/me", headers);
  }

  // Registers and returns the session cookie ("tengen_session=…"); fails the test otherwise.
  std::string registerUser(std::string_view name, std::string_view password = "correct horse") {
    const HttpReply reply = post("/api/register", credentials(name, password));
    EXPECT_EQ(reply.status, 201) << reply.body << reply.error;
    const std::string cookie = sessionCookie(reply);
    EXPECT_FALSE(cookie.empty()) << reply.header("set-cookie");
    return cookie;
  }

  // The `user` of the `welcome` a WebSocket opened with `cookie` gets for `hello`.
  json::value welcomeUser(const std::string& cookie) {
    server::test::Headers headers;
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    std::string error;
    auto socket = WsClient::connect(port_, std::nullopt, nullptr, &error, headers);
    if (!socket) {
      ADD_FAILURE() << "upgrade failed: " << error;
      return "no socket";
    }
    EXPECT_TRUE(socket->send(R"({"type":"hello","id":"h"})"));
    const auto reply = socket->receive();
    if (!reply) {
      ADD_FAILURE() << "no welcome: " << socket->error();
      return "no welcome";
    }
    json::object welcome = json::parse(*reply).as_object();
    EXPECT_EQ(welcome.at("type"), "welcome") << *reply;
    return welcome.at("user");
  }

  // Every token_hash in the sessions table, read straight from the file.
  std::vector<std::string> storedTokenHashes() {
    auto connection =
        store::SqliteConnection::open(dbPath_, store::SqliteConnection::Mode::ReadOnly, 1000);
    EXPECT_TRUE(connection) << connection.error().toString();
    std::vector<std::string> hashes;
    if (!connection) return hashes;
    auto statement = (*connection)->prepare("SELECT token_hash FROM sessions ORDER BY token_hash");
    EXPECT_TRUE(statement) << statement.error().toString();
    if (!statement) return hashes;
    while (statement->step() == store::SqliteStatement::Step::Row) {
      hashes.push_back(statement->columnBytes(0));
    }
    return hashes;
  }

  fs::path dir_;
  std::string dbPath_;
  std::unique_ptr<store::SqliteStore> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<server::Server> server_;
  std::uint16_t port_ = 0;
};

TEST_F(AccountsHttp, RegisterSetsTheCookieAndMeKnowsTheUser) {
  const HttpReply reply = post("/api/register", credentials("alice", "correct horse"));
  ASSERT_EQ(reply.status, 201) << reply.body << reply.error;
  EXPECT_EQ(reply.header("content-type"), "application/json; charset=utf-8");
  const json::object user = userOf(reply);
  EXPECT_GT(user.at("id").as_int64(), 0);
  EXPECT_EQ(user.at("name"), "alice");
  EXPECT_EQ(user.at("guest"), false);
  EXPECT_EQ(user.size(), 3u) << reply.body;
  const std::string cookie = sessionCookie(reply);
  ASSERT_FALSE(cookie.empty()) << "Set-Cookie: " << reply.header("set-cookie");

  const HttpReply who = me(cookie);
  ASSERT_EQ(who.status, 200) << who.body;
  EXPECT_EQ(userOf(who), user);
  EXPECT_TRUE(who.header("set-cookie").empty()) << "/api/me starts no session";
  // Among other cookies, as a browser sends it.
  EXPECT_EQ(me("theme=dark; " + cookie + "; lang=kk").status, 200);
}

TEST_F(AccountsHttp, MeWithoutAValidSessionIs401) {
  for (const std::string& cookie :
       {std::string(), std::string("theme=dark"), std::string("tengen_session=short"),
        std::string("tengen_session=") + std::string(43, 'A'),
        std::string("tengen_session=") + std::string(43, '!')}) {
    const HttpReply reply = me(cookie);
    EXPECT_EQ(reply.status, 401) << cookie;
    EXPECT_EQ(errorCode(reply), "not_logged_in") << cookie;
  }
}

TEST_F(AccountsHttp, TakenNameIs409WhateverItsCase) {
  registerUser("alice");
  for (const char* name : {"alice", "ALICE", "Alice"}) {
    const HttpReply reply = post("/api/register", credentials(name, "other password"));
    EXPECT_EQ(reply.status, 409) << name;
    EXPECT_EQ(errorCode(reply), "name_taken") << name;
    EXPECT_TRUE(reply.header("set-cookie").empty());
  }
}

TEST_F(AccountsHttp, BadNamesAreRefusedNamingTheField) {
  for (const std::string& name :
       {std::string("a"), std::string(21, 'a'), std::string("al ice"), std::string("al.ice"),
        std::string("\xc3\xa9lan"), std::string(""), std::string("guest-123456"),
        std::string("GUEST-1")}) {
    const HttpReply reply = post("/api/register", credentials(name, "long enough"));
    EXPECT_EQ(reply.status, 400) << name;
    EXPECT_EQ(errorCode(reply), "bad_request") << name;
    EXPECT_NE(errorMessage(reply).find("\"name\""), std::string::npos) << errorMessage(reply);
  }
  // The limits themselves are allowed.
  registerUser("ab");
  registerUser("A_b-9" + std::string(15, 'z'));
}

TEST_F(AccountsHttp, BadPasswordsAreRefusedNamingTheField) {
  for (const std::string& password : {std::string(7, 'p'), std::string(257, 'p'), std::string()}) {
    const HttpReply reply = post("/api/register", credentials("bob", password));
    EXPECT_EQ(reply.status, 400) << password.size();
    EXPECT_EQ(errorCode(reply), "bad_request");
    EXPECT_NE(errorMessage(reply).find("\"password\""), std::string::npos) << errorMessage(reply);
  }
  registerUser("bob8", std::string(8, 'p'));
  registerUser("bob256", std::string(256, 'p'));
}

TEST_F(AccountsHttp, MalformedBodiesAre400) {
  const std::pair<std::string, std::string> cases[] = {
      {"", "JSON"},
      {"{\"name\":\"x\",", "JSON"},
      {"[\"alice\",\"password\"]", "object"},
      {"\"alice\"", "object"},
      {"{\"password\":\"long enough\"}", "\"name\""},
      {"{\"name\":7,\"password\":\"long enough\"}", "\"name\""},
      {"{\"name\":\"carol\"}", "\"password\""},
      {"{\"name\":\"carol\",\"password\":null}", "\"password\""},
  };
  for (const char* route : {"/api/register", "/api/login"}) {
    for (const auto& [body, mentions] : cases) {
      const HttpReply reply = post(route, body);
      EXPECT_EQ(reply.status, 400) << route << " " << body;
      EXPECT_EQ(errorCode(reply), "bad_request") << route << " " << body;
      EXPECT_NE(errorMessage(reply).find(mentions), std::string::npos)
          << route << " " << body << ": " << errorMessage(reply);
    }
  }
}

TEST_F(AccountsHttp, LoginWithTheRightPasswordStartsANewSession) {
  const std::string registered = registerUser("alice", "correct horse");
  const HttpReply reply = post("/api/login", credentials("ALICE", "correct horse"));
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_EQ(userOf(reply).at("name"), "alice") << "names compare case-insensitively";
  const std::string cookie = sessionCookie(reply);
  ASSERT_FALSE(cookie.empty()) << reply.header("set-cookie");
  EXPECT_NE(cookie, registered);
  EXPECT_EQ(me(cookie).status, 200);
  EXPECT_EQ(me(registered).status, 200) << "the first session lives on";
}

TEST_F(AccountsHttp, WrongPasswordAndUnknownNameGiveTheSame401) {
  registerUser("alice", "correct horse");
  const HttpReply wrong = post("/api/login", credentials("alice", "wrong horse"));
  const HttpReply unknown = post("/api/login", credentials("nobody", "correct horse"));
  const HttpReply huge = post("/api/login", credentials("alice", std::string(300, 'x')));
  for (const HttpReply* reply : {&wrong, &unknown, &huge}) {
    EXPECT_EQ(reply->status, 401) << reply->body;
    EXPECT_EQ(errorCode(*reply), "bad_credentials");
    EXPECT_TRUE(reply->header("set-cookie").empty());
  }
  EXPECT_EQ(wrong.body, unknown.body) << "nothing tells whether the name exists";
}

TEST_F(AccountsHttp, GuestGetsANumberedNameAndCannotLogInByPassword) {
  const HttpReply reply = post("/api/guest");
  ASSERT_EQ(reply.status, 201) << reply.body;
  const json::object user = userOf(reply);
  const std::string name(user.at("name").as_string());
  EXPECT_TRUE(std::regex_match(name, std::regex("guest-[0-9]{10}"))) << name;
  EXPECT_EQ(user.at("guest"), true);
  const std::string cookie = sessionCookie(reply);
  ASSERT_FALSE(cookie.empty()) << reply.header("set-cookie");
  EXPECT_EQ(userOf(me(cookie)), user);

  auto stored = store_->findUserByName(name);
  ASSERT_TRUE(stored && *stored);
  EXPECT_TRUE((*stored)->guest);
  EXPECT_EQ((*stored)->passwordHash, "");
  for (const char* password : {"", "anything at all", "guest-password"}) {
    EXPECT_EQ(post("/api/login", credentials(name, password)).status, 401) << password;
  }
  const HttpReply second = post("/api/guest");
  EXPECT_NE(userOf(second).at("id"), user.at("id")) << "every guest is a new user";
}

TEST_F(AccountsHttp, WebSocketWithTheCookieIsWelcomedWithItsUser) {
  const std::string cookie = registerUser("alice");
  const json::value user = welcomeUser(cookie);
  ASSERT_TRUE(user.is_object()) << json::serialize(user);
  EXPECT_EQ(user.as_object().at("name"), "alice");
  EXPECT_EQ(user.as_object().at("guest"), false);
  EXPECT_EQ(user, json::value(userOf(me(cookie))));
  EXPECT_TRUE(welcomeUser("").is_null());
  EXPECT_TRUE(welcomeUser("tengen_session=" + std::string(43, 'x')).is_null());
}

TEST_F(AccountsHttp, LogoutClearsTheCookieAndForgetsTheSession) {
  const std::string cookie = registerUser("alice");
  ASSERT_TRUE(welcomeUser(cookie).is_object()) << "the session is cached by the upgrade";
  const std::string other =
      sessionCookie(post("/api/login", credentials("alice", "correct horse")));
  ASSERT_EQ(storedTokenHashes().size(), 2u);

  const HttpReply reply = post("/api/logout", {}, cookie);
  EXPECT_EQ(reply.status, 204) << reply.body;
  EXPECT_TRUE(reply.body.empty());
  EXPECT_EQ(reply.header("set-cookie"),
            "tengen_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");

  EXPECT_EQ(me(cookie).status, 401);
  EXPECT_TRUE(welcomeUser(cookie).is_null()) << "a new socket with the old cookie is anonymous";
  EXPECT_EQ(storedTokenHashes().size(), 1u);
  EXPECT_EQ(me(other).status, 200) << "only that session ended";
  // Logging out without a session, or twice, is still a clean 204.
  EXPECT_EQ(post("/api/logout", {}, cookie).status, 204);
  EXPECT_EQ(post("/api/logout").status, 204);
}

TEST_F(AccountsHttp, TheStoreHoldsAnArgon2idHashAndOnlyTokenHashes) {
  const std::string cookie = registerUser("alice", "correct horse");
  auto stored = store_->findUserByName("alice");
  ASSERT_TRUE(stored && *stored);
  EXPECT_TRUE((*stored)->passwordHash.starts_with("$argon2id$")) << (*stored)->passwordHash;
  EXPECT_EQ((*stored)->passwordHash.find("correct horse"), std::string::npos);

  const std::string token = cookie.substr(cookie.find('=') + 1);
  const std::vector<std::string> hashes = storedTokenHashes();
  ASSERT_EQ(hashes.size(), 1u);
  EXPECT_NE(hashes[0], token);
  EXPECT_EQ(hashes[0], sessionTokenHash(token));
  EXPECT_TRUE(std::regex_match(hashes[0], std::regex("[0-9a-f]{64}"))) << hashes[0];
  // Nowhere in the file: not in a table, not in the WAL.
  for (const auto& entry : fs::directory_iterator(dir_)) {
    const std::string bytes = readFile(entry.path());
    EXPECT_EQ(bytes.find(token), std::string::npos) << entry.path();
  }
}

TEST_F(AccountsHttp, AnExpiredSessionLogsNobodyIn) {
  registerUser("alice");
  const auto alice = store_->findUserByName("alice").value();
  ASSERT_TRUE(alice);
  const std::string token = newSessionToken();
  ASSERT_TRUE(store_->createSession(store::Session{sessionTokenHash(token), alice->id, 1000}));
  EXPECT_EQ(me("tengen_session=" + token).status, 401);
  EXPECT_TRUE(welcomeUser("tengen_session=" + token).is_null());
}

TEST_F(AccountsHttp, SessionsMadeElsewhereAreFoundInTheStore) {
  // A session this Accounts never cached (another server node, or before a restart).
  registerUser("alice");
  const auto alice = store_->findUserByName("alice").value();
  ASSERT_TRUE(alice);
  const std::string token = newSessionToken();
  const std::int64_t inAnHour = std::chrono::duration_cast<std::chrono::milliseconds>(
                                    (std::chrono::system_clock::now() + 1h).time_since_epoch())
                                    .count();
  ASSERT_TRUE(store_->createSession(store::Session{sessionTokenHash(token), alice->id, inAnHour}));
  EXPECT_EQ(accounts_->userForCookie("tengen_session=" + token)->name, "alice");
  EXPECT_EQ(userOf(me("tengen_session=" + token)).at("name"), "alice");
}

TEST_F(AccountsHttp, ParallelRegistrationsOfOneNameLetExactlyOneWin) {
  std::vector<int> statuses(4);
  std::vector<std::thread> clients;
  for (std::size_t i = 0; i < statuses.size(); ++i) {
    clients.emplace_back([this, i, &statuses] {
      statuses[i] =
          post("/api/register", credentials("Racer", "password " + std::to_string(i))).status;
    });
  }
  for (auto& client : clients) client.join();
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 201), 1);
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), 3);
}

TEST_F(AccountsHttp, OtherMethodsOnAccountRoutesAre405) {
  EXPECT_EQ(server::test::httpRequest(port_, "GET", "/api/login").status, 405);
  EXPECT_EQ(post("/api/me").status, 405);
  EXPECT_EQ(server::test::httpRequest(port_, "HEAD", "/api/me").status, 401);
}

}  // namespace
}  // namespace tengen::site
