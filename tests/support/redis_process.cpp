#include "support/redis_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

namespace tengen::test {

namespace fs = std::filesystem;

namespace {

// Whether something accepts connections on the Unix socket at `path`.
bool answers(const fs::path& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof(address.sun_path) - 1);
  const bool connected =
      ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0;
  ::close(fd);
  return connected;
}

}  // namespace

RedisProcess::RedisProcess(fs::path dir) : dir_(std::move(dir)) {
  fs::create_directories(dir_);
  start();
}

RedisProcess::~RedisProcess() { kill(); }

bool RedisProcess::start() {
  const fs::path socket = dir_ / "redis.sock";
  std::error_code ec;
  fs::remove(socket, ec);
  std::vector<std::string> args = {"redis-server",
                                   "--port",
                                   "0",
                                   "--unixsocket",
                                   socket.string(),
                                   "--unixsocketperm",
                                   "700",
                                   "--dir",
                                   dir_.string(),
                                   "--save",
                                   "",
                                   "--appendonly",
                                   "no",
                                   "--logfile",
                                   (dir_ / "redis.log").string()};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    execvp("redis-server", argv.data());
    _exit(127);
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < until) {
    if (answers(socket)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill();
  return false;
}

void RedisProcess::kill() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

bool RedisProcess::restart() {
  kill();
  return start();
}

}  // namespace tengen::test
