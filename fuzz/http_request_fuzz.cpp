// libFuzzer target for what the HTTP side reads from a request before any site code runs: the
// target split into path and query (as src/server/http_session.cpp does), routing
// (src/server/router.h), the web client's path checks on disk and built in
// (static_files.h, embedded_files.h), the Cookie header (cookies.h) and the Origin check
// (origin_policy.h). Run by scripts/fuzz.sh from fuzz/corpus/http_request_fuzz.
//
// Input: one byte for the method, then the target, the Cookie header, the Origin and the Host,
// separated by NUL bytes (a missing field is absent). Nothing may crash; a path accepted for
// serving must name a file inside the web root; a cookie value must lie inside its header.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/cookies.h"
#include "server/embedded_files.h"
#include "server/origin_policy.h"
#include "server/router.h"
#include "server/static_files.h"
#include "server/static_path.h"

namespace {

namespace fs = std::filesystem;
using namespace tengen::server;

void require(bool condition) {
  if (!condition) std::abort();
}

// A small web root with a file, a directory index, a hidden file and a symlink out of it.
struct WebRoot {
  fs::path sandbox = fs::temp_directory_path() / ("tengen-http-fuzz-" + std::to_string(getpid()));
  fs::path root = sandbox / "web";
  WebRoot() {
    fs::remove_all(sandbox);
    fs::create_directories(root / "sub");
    std::ofstream(root / "index.html") << "<p>index</p>";
    std::ofstream(root / "app.js") << "export {};";
    std::ofstream(root / "sub" / "index.html") << "<p>sub</p>";
    std::ofstream(root / ".hidden") << "hidden";
    std::ofstream(sandbox / "secret.txt") << "secret";
    fs::create_symlink(sandbox / "secret.txt", root / "escape.txt");
    root = fs::canonical(root);
  }
  ~WebRoot() {
    std::error_code ec;
    fs::remove_all(sandbox, ec);
  }
};

constexpr EmbeddedFile kFiles[] = {
    {"app.js", "export {};", "\"1\""},
    {"index.html", "<p>index</p>", "\"2\""},
    {"sub/index.html", "<p>sub</p>", "\"3\""},
};

// The site's route shapes: exact paths, async, and the prefixes of the games API and files.
Router makeRouter(const StaticFiles& disk) {
  Router router;
  router.add(HttpMethod::Get, "/healthz",
             [](const HttpRequestView&) { return HttpResponse::text(200, "ok"); });
  router.addAsync(
      HttpMethod::Post, "/api/login",
      [](const HttpRequestView&, HttpResponder respond) { respond(HttpResponse::text(204, "")); });
  router.addPrefix(HttpMethod::Get, "/api/games/", [](const HttpRequestView& request) {
    return HttpResponse::text(200, std::string(request.path));
  });
  router.addPrefix(HttpMethod::Get, "/",
                   [&disk](const HttpRequestView& request) { return disk.serve(request); });
  return router;
}

bool insideOf(std::string_view outer, std::string_view inner) {
  return inner.empty() || (inner.data() >= outer.data() &&
                           inner.data() + inner.size() <= outer.data() + outer.size());
}

std::vector<std::string_view> splitAtNul(std::string_view text) {
  std::vector<std::string_view> fields;
  while (true) {
    const auto nul = text.find('\0');
    fields.push_back(text.substr(0, nul));
    if (nul == std::string_view::npos) return fields;
    text.remove_prefix(nul + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const WebRoot web;
  static const StaticFiles disk(web.root);
  static const EmbeddedFiles embedded(kFiles);
  static const Router router = makeRouter(disk);
  if (size < 1) return 0;

  constexpr HttpMethod kMethods[] = {HttpMethod::Get,     HttpMethod::Head,   HttpMethod::Post,
                                     HttpMethod::Put,     HttpMethod::Delete, HttpMethod::Patch,
                                     HttpMethod::Options, HttpMethod::Other};
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::vector<std::string_view> fields = splitAtNul(rest);
  auto field = [&fields](std::size_t i) -> std::optional<std::string_view> {
    return i < fields.size() ? std::optional(fields[i]) : std::nullopt;
  };

  HttpRequestView request;
  request.method = kMethods[data[0] % std::size(kMethods)];
  request.target = fields[0];
  const auto question = request.target.find('?');
  request.path = request.target.substr(0, question);
  if (question != std::string_view::npos) request.query = request.target.substr(question + 1);
  if (auto cookie = field(1)) request.headers.emplace_back("Cookie", *cookie);
  if (auto origin = field(2)) request.headers.emplace_back("Origin", *origin);
  if (auto host = field(3)) request.headers.emplace_back("Host", *host);

  if (auto response = router.route(request)) {
    require(response->status >= 200 && response->status < 600);
  }

  int status = 0;
  const auto relative = webRelativePath(request.path, status);
  require(relative.has_value() == (status == 200));
  if (relative && !relative->empty()) {
    require(relative->front() != '/' && relative->back() != '/');
    require(relative->find('\\') == std::string::npos && relative->find('\0') == std::string::npos);
    for (std::string_view segment : {"/../", "/./", "//", "/."}) {
      require(("/" + *relative + "/").find(segment) == std::string::npos);
    }
  }
  const fs::path file = disk.resolve(request.path, status);
  if (status == 200) {
    const std::string real = file.native();
    require(real.starts_with(web.root.native() + "/"));
    require(real.find("/.") == std::string::npos);
  }
  if (const EmbeddedFile* found = embedded.resolve(request.path, status)) {
    require(status == 200 && found >= std::begin(kFiles) && found < std::end(kFiles));
  }

  const std::string_view cookieHeader = field(1).value_or("");
  for (std::string_view name : {"tengen_session", "a", ""}) {
    if (auto value = findCookie(cookieHeader, name)) require(insideOf(cookieHeader, *value));
  }
  if (isCookieValue(request.query)) {
    require(setCookieValue("tengen_session", request.query, std::chrono::seconds(60))
                .starts_with("tengen_session="));
  }
  const std::vector<std::string> none;
  const std::vector<std::string> one{"https://go.example.org"};
  const auto origin = field(2);
  const auto host = field(3);
  isOriginAllowed(origin, host, none);
  isOriginAllowed(origin, host, one);
  if (!origin) require(isOriginAllowed(origin, host, none));
  return 0;
}
