// The loadgen binary against a real `tengen serve` on a temporary SQLite file: a short play run
// must finish games with every move acknowledged and delivered, and an idle run must hold every
// socket. Catches protocol drift between the server and the load generator.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>

namespace {

namespace fs = std::filesystem;

class Server {
 public:
  explicit Server(const fs::path& db) {
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], STDOUT_FILENO);
      const int log = open((db.parent_path() / "server.log").c_str(), O_WRONLY | O_CREAT, 0644);
      if (log >= 0) dup2(log, STDERR_FILENO);
      close(out[0]);
      close(out[1]);
      // Hundreds of guests from one address, as scripts/loadgen.sh runs it: no guest limit.
      execl(TENGEN_BINARY, TENGEN_BINARY, "serve", "--port", "0", "--db", db.c_str(), "--web-root",
            "/nonexistent", "--guest-burst", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    // "tengen: serving http://127.0.0.1:PORT/"
    FILE* stream = fdopen(out[0], "r");
    std::array<char, 256> line{};
    while (std::fgets(line.data(), line.size(), stream)) {
      std::cmatch match;
      if (std::regex_search(line.data(), match, std::regex("http://[0-9.]+:[0-9]+"))) {
        url_ = match.str();
        break;
      }
    }
    stdout_ = stream;
  }
  ~Server() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    if (stdout_) std::fclose(stdout_);
  }
  const std::string& url() const { return url_; }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  std::string url_;
  FILE* stdout_ = nullptr;
};

struct Run {
  int exitCode = -1;
  std::string output;
};

Run runLoadgen(const std::string& arguments) {
  Run run;
  FILE* pipe = popen((std::string(LOADGEN_BINARY) + " " + arguments + " 2>&1").c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> chunk{};
  while (const auto n = std::fread(chunk.data(), 1, chunk.size(), pipe)) {
    run.output.append(chunk.data(), n);
  }
  const int status = pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

double summaryNumber(const std::string& output, const std::string& key) {
  std::smatch match;
  if (!std::regex_search(output, match, std::regex(" " + key + "=([0-9.]+)"))) return -1;
  return std::stod(match[1].str());
}

class LoadgenAgainstServer : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("loadgen-e2e-" + std::to_string(getpid()));
    fs::create_directories(dir_);
    server_ = std::make_unique<Server>(dir_ / "tengen.db");
    ASSERT_FALSE(server_->url().empty()) << "tengen serve did not print its URL";
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(dir_);
  }
  fs::path dir_;
  std::unique_ptr<Server> server_;
};

TEST_F(LoadgenAgainstServer, PlaysGamesToTheEndWithoutErrors) {
  // 4 games of 9x9 at 10 moves/s each, resigning at move 12: every game ends in ~1.2 s, so the
  // 4 s run plays several games per pair, including table re-creation by the same pair.
  const auto run = runLoadgen("--url " + server_->url() + " --games 4 --rate 40 --size 9 " +
                              "--moves-per-game 12 --warmup 1 --duration 3 --server-pid " +
                              std::to_string(server_->pid()));
  ASSERT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("errors: none"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("players connected: 8 of 8"), std::string::npos) << run.output;
  std::smatch games;
  ASSERT_TRUE(std::regex_search(run.output, games,
                                std::regex("games: ([0-9]+) started, ([0-9]+) finished")))
      << run.output;
  EXPECT_GE(std::stoi(games[2].str()), 8) << run.output;
  // Paced at 40/s over a 3 s window: allow for the pauses between games.
  EXPECT_GT(summaryNumber(run.output, "moves_per_s"), 20) << run.output;
  EXPECT_GT(summaryNumber(run.output, "p50_ms"), 0) << run.output;
  EXPECT_GT(summaryNumber(run.output, "server_hwm_mib"), 0) << run.output;
}

TEST_F(LoadgenAgainstServer, HoldsIdleSocketsWithAndWithoutSessions) {
  for (const std::string login : {"", " --idle-login"}) {
    const auto run = runLoadgen("--url " + server_->url() + " --idle 200 --duration 1" + login +
                                " --server-pid " + std::to_string(server_->pid()));
    ASSERT_EQ(run.exitCode, 0) << run.output;
    EXPECT_NE(run.output.find("connected: 200 of 200"), std::string::npos) << run.output;
    EXPECT_EQ(summaryNumber(run.output, "open_at_end"), 200) << run.output;
  }
}

TEST(Loadgen, RefusesABadUrl) {
  const auto run = runLoadgen("--url localhost:1 --games 1");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.output.find("--url localhost:1: expected http://HOST:PORT"), std::string::npos)
      << run.output;
}

}  // namespace
