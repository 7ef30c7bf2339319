#include "support/serve_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>

namespace tengen::server::test {

ServeProcess::ServeProcess(const std::filesystem::path& dir,
                           const std::vector<std::string>& extraArgs) {
  int out[2];
  if (pipe(out) != 0) return;
  std::vector<std::string> args = {TENGEN_BINARY, "serve", "--port", "0", "--builtin-bots", "none"};
  if (std::find(extraArgs.begin(), extraArgs.end(), "--db") == extraArgs.end()) {
    args.insert(args.end(), {"--db", "site.db"});
  }
  args.insert(args.end(), extraArgs.begin(), extraArgs.end());
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    if (chdir(dir.c_str()) != 0) _exit(126);
    dup2(out[1], STDOUT_FILENO);
    const int log = open("server.log", O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log >= 0) dup2(log, STDERR_FILENO);
    close(out[0]);
    close(out[1]);
    execv(TENGEN_BINARY, argv.data());
    _exit(127);
  }
  close(out[1]);
  stdout_ = fdopen(out[0], "r");
  std::array<char, 256> line{};
  // fgets returns nullptr when the child exits without serving: port_ stays 0.
  while (stdout_ && std::fgets(line.data(), line.size(), stdout_)) {
    const std::string text = line.data();
    const auto colon = text.rfind(':');
    if (text.starts_with("tengen: serving http://") && colon != std::string::npos) {
      port_ = static_cast<std::uint16_t>(std::stoi(text.substr(colon + 1)));
      break;
    }
  }
}

ServeProcess::~ServeProcess() {
  stop(SIGTERM);
  if (stdout_) std::fclose(stdout_);
}

void ServeProcess::stop(int signal) {
  if (pid_ <= 0) return;
  kill(pid_, signal);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

}  // namespace tengen::server::test
