#include "site_fixture.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <unistd.h>

#include <atomic>
#include <sstream>
#include <thread>

#include "base/log.h"

namespace tengen::site::test {

namespace json = boost::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

json::object fischerTable(int mainSeconds, int incrementSeconds, int maxSeconds) {
  return json::object{{"size", 9},
                      {"time", json::object{{"kind", "fischer"},
                                            {"mainSeconds", mainSeconds},
                                            {"incrementSeconds", incrementSeconds},
                                            {"maxSeconds", maxSeconds}}}};
}

}  // namespace

json::object liveTable() { return fischerTable(300, 10, 600); }
json::object correspondenceTable() { return fischerTable(3 * 86400, 86400, 7 * 86400); }

std::string text(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

int64_t integer(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  if (!value) return -1;
  if (value->is_int64()) return value->get_int64();
  if (value->is_uint64()) return static_cast<int64_t>(value->get_uint64());
  return -1;
}

SiteClient::SiteClient(std::unique_ptr<server::test::WsClient> socket)
    : socket_(std::move(socket)) {}

bool SiteClient::sendText(std::string_view text) { return socket_->send(text); }

std::optional<json::object> SiteClient::waitFor(
    const std::function<bool(const json::object&)>& accept, std::chrono::milliseconds timeout) {
  for (auto it = queue_.begin(); it != queue_.end(); ++it) {
    if (accept(*it)) {
      json::object found = std::move(*it);
      queue_.erase(it);
      return found;
    }
  }
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    auto received = socket_->receive(std::max(left, 1ms));
    if (!received) return std::nullopt;
    json::value parsed = json::parse(*received);
    if (!parsed.is_object()) continue;
    if (accept(parsed.as_object())) return std::move(parsed.as_object());
    queue_.push_back(std::move(parsed.as_object()));
  }
  return std::nullopt;
}

std::optional<json::object> SiteClient::queued(
    const std::function<bool(const json::object&)>& accept) {
  for (auto it = queue_.begin(); it != queue_.end(); ++it) {
    if (accept(*it)) {
      json::object found = std::move(*it);
      queue_.erase(it);
      return found;
    }
  }
  return std::nullopt;
}

json::object SiteClient::request(json::object message, std::chrono::milliseconds timeout) {
  const int64_t id = nextId_++;
  message["id"] = id;
  socket_->send(json::serialize(message));
  const auto answers = [id](const json::object& m) { return integer(m, "id") == id; };
  // The reply is the newest message read (the id is fresh); one that is a game_event is a
  // push too and stays queued as one.
  auto reply = waitFor(answers, timeout);
  if (!reply) return json::object{{"type", "timeout"}};
  if (text(*reply, "type") == "game_event") queue_.push_back(*reply);
  return *reply;
}

std::optional<json::object> SiteClient::next(std::string_view type,
                                             std::chrono::milliseconds timeout) {
  return waitFor([type](const json::object& m) { return text(m, "type") == type; }, timeout);
}

std::optional<json::object> SiteClient::event(int64_t gameId, int64_t version,
                                              std::chrono::milliseconds timeout) {
  return waitFor(
      [=](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == gameId &&
               integer(m, "version") == version;
      },
      timeout);
}

std::vector<json::object> SiteClient::drain(std::chrono::milliseconds quiet) {
  while (auto received = socket_->receive(quiet)) {
    json::value parsed = json::parse(*received);
    if (parsed.is_object()) queue_.push_back(std::move(parsed.as_object()));
  }
  std::vector<json::object> all(std::make_move_iterator(queue_.begin()),
                                std::make_move_iterator(queue_.end()));
  queue_.clear();
  return all;
}

void SiteFixture::SetUp() {
  log::setLevel(log::Level::Error);
  static std::atomic<int> counter{0};
  dir_ = fs::temp_directory_path() /
         ("tengen-site-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(dir_);
  fs::create_directories(dir_ / "web");
  dbPath_ = (dir_ / "site.db").string();
  startAll();
}

void SiteFixture::TearDown() {
  stopAll();
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

void SiteFixture::startAll() {
  auto store = store::SqliteStore::open(dbPath_);
  ASSERT_TRUE(store) << store.error().toString();
  store_ = std::move(*store);
  AccountsOptions accountOptions;
  configureAccounts(accountOptions);
  accounts_ = std::make_unique<Accounts>(*store_, accountOptions);
  SiteOptions siteOptions;
  siteOptions.lobbyInterval = 100ms;
  siteOptions.seed = 42;
  configure(siteOptions);
  site_ = std::make_unique<Site>(*store_, siteOptions);
  server::ServerOptions options;
  options.port = 0;
  options.webRoot = dir_ / "web";
  options.stopGracePeriod = 500ms;
  options.sharedContext = &site_->io();  // as tengen serve runs them
  configureServer(options);
  server_ = std::make_unique<server::Server>(options);
  accounts_->install(*server_);
  site_->install(*server_);
  auto resumed = site_->resumeGames();
  ASSERT_TRUE(resumed) << resumed.error().toString();
  resumed_ = *resumed;
  auto started = server_->start();
  ASSERT_TRUE(started) << started.error().toString();
  port_ = server_->port();
}

void SiteFixture::stopAll() {
  if (server_) server_->stop();
  if (site_) site_->stop();
  if (accounts_) accounts_->stop();
  server_.reset();
  site_.reset();
  accounts_.reset();
  store_.reset();
}

void SiteFixture::restart() {
  stopAll();
  startAll();
}

void SiteFixture::restartAfter(std::chrono::milliseconds downtime) {
  stopAll();
  std::this_thread::sleep_for(downtime);
  startAll();
}

namespace {

TestUser userFrom(const server::test::HttpReply& reply) {
  TestUser user;
  EXPECT_EQ(reply.status, 201) << reply.body << reply.error;
  const std::string setCookie = reply.header("set-cookie");
  user.cookie = setCookie.substr(0, setCookie.find(';'));
  json::value body = json::parse(reply.body);
  const json::object& u = body.at("user").as_object();
  user.id = integer(u, "id");
  user.name = text(u, "name");
  return user;
}

}  // namespace

TestUser SiteFixture::guest() {
  return userFrom(server::test::httpRequest(port_, "POST", "/api/guest",
                                            {{"Content-Type", "application/json"}}));
}

TestUser SiteFixture::registered(const std::string& name) {
  json::object body{{"name", name}, {"password", "correct horse battery"}};
  return userFrom(server::test::httpRequest(port_, "POST", "/api/register",
                                            {{"Content-Type", "application/json"}},
                                            json::serialize(body)));
}

std::unique_ptr<SiteClient> SiteFixture::connect(const TestUser& user) {
  std::string error;
  auto socket = server::test::WsClient::connect(port_, std::nullopt, nullptr, &error,
                                                {{"Cookie", user.cookie}});
  EXPECT_TRUE(socket) << error;
  if (!socket) return nullptr;
  return std::make_unique<SiteClient>(std::move(socket));
}

std::unique_ptr<SiteClient> SiteFixture::connectAnonymous() {
  auto socket = server::test::WsClient::connect(port_, std::nullopt);
  EXPECT_TRUE(socket);
  if (!socket) return nullptr;
  return std::make_unique<SiteClient>(std::move(socket));
}

int64_t SiteFixture::createTable(SiteClient& owner, json::object fields) {
  fields["type"] = "create_table";
  json::object reply = owner.request(fields);
  EXPECT_EQ(text(reply, "type"), "table_created") << json::serialize(reply);
  if (!reply.contains("game")) return 0;
  return integer(reply.at("game").as_object(), "id");
}

int64_t SiteFixture::startGame(SiteClient& black, SiteClient& white, json::object fields) {
  fields["colour"] = "black";
  if (!fields.contains("size")) fields["size"] = 9;
  const int64_t gameId = createTable(black, fields);
  json::object joined = white.request({{"type", "join_table"}, {"gameId", gameId}});
  EXPECT_EQ(text(joined, "type"), "joined") << json::serialize(joined);
  for (SiteClient* client : {&black, &white}) {
    json::object state = client->request({{"type", "watch"}, {"gameId", gameId}});
    EXPECT_EQ(text(state, "type"), "game_state") << json::serialize(state);
  }
  return gameId;
}

json::object SiteFixture::command(SiteClient& client, int64_t gameId, std::string_view type,
                                  json::object fields) {
  fields["type"] = type;
  fields["gameId"] = gameId;
  return client.request(std::move(fields));
}

void SiteFixture::play(SiteClient& black, SiteClient& white, int64_t gameId,
                       std::string_view moves) {
  std::istringstream in{std::string(moves)};
  std::string colour, point;
  while (in >> colour >> point) {
    SiteClient& mover = colour == "B" ? black : white;
    json::object reply = point == "pass" ? command(mover, gameId, "pass")
                                         : command(mover, gameId, "move", {{"point", point}});
    ASSERT_EQ(verdict(reply), "ok")
        << colour << " " << point << ": " << json::serialize(reply);
  }
}

json::object SiteFixture::stateOf(SiteClient& client, int64_t gameId) {
  json::object reply = client.request({{"type", "watch"}, {"gameId", gameId}});
  EXPECT_EQ(text(reply, "type"), "game_state") << json::serialize(reply);
  return reply;
}

server::test::HttpReply SiteFixture::get(const std::string& target) {
  return server::test::httpRequest(port_, "GET", target);
}

}  // namespace tengen::site::test
