#include "sgf/parser.h"

#include <optional>
#include <utility>

#include "sgf/lexer.h"

namespace tengen::sgf {

namespace {

std::string describe(const Token& token) {
  switch (token.kind) {
    case TokenKind::Open:
      return "'('";
    case TokenKind::Close:
      return "')'";
    case TokenKind::Semicolon:
      return "';'";
    case TokenKind::Identifier:
      return "property " + token.text;
    case TokenKind::Value:
      return "value [" + (token.text.size() > 20 ? token.text.substr(0, 20) + "..." : token.text) +
             "]";
    case TokenKind::End:
      return "the end of the file";
  }
  return "?";
}

std::unexpected<Error> unexpected(const Token& token, std::string_view expected) {
  return fail("unexpected " + describe(token) + ": expected " + std::string(expected),
              token.position.toString());
}

// One game tree, from its '(' to the matching ')'. The variations still open are kept on
// an explicit stack: each entry is the node the variation hangs from.
class TreeParser {
 public:
  explicit TreeParser(Lexer& lexer) : lexer_(lexer) {}

  Result<GameTree> parse() {
    auto open = take();
    if (!open) return std::unexpected(open.error());
    if (auto ok = openVariation(*open, -1); !ok) return std::unexpected(ok.error());
    while (!open_.empty()) {
      auto token = take();
      if (!token) return std::unexpected(token.error());
      if (auto ok = step(*token); !ok) return std::unexpected(ok.error());
    }
    return std::move(tree_);
  }

 private:
  struct OpenVariation {
    int parent;
    SourcePos position;
  };

  Result<Token> take() {
    if (pending_) return *std::exchange(pending_, std::nullopt);
    return lexer_.next();
  }

  // '(' must be followed by a node: FF[4] has no empty game trees or variations.
  Result<void> openVariation(const Token& open, int parent) {
    open_.push_back({parent, open.position});
    auto semicolon = take();
    if (!semicolon) return std::unexpected(semicolon.error());
    if (semicolon->kind != TokenKind::Semicolon) {
      return unexpected(*semicolon, "';' to start a node after '('");
    }
    current_ = tree_.addNode(parent, semicolon->position);
    afterVariation_ = false;
    return {};
  }

  Result<void> step(const Token& token) {
    switch (token.kind) {
      case TokenKind::Semicolon:
        if (afterVariation_) return unexpected(token, "'(' or ')' after a variation ends");
        current_ = tree_.addNode(current_, token.position);
        return {};
      case TokenKind::Identifier:
        if (afterVariation_) return unexpected(token, "'(' or ')' after a variation ends");
        return property(token);
      case TokenKind::Open:
        return openVariation(token, current_);
      case TokenKind::Close:
        current_ = open_.back().parent;
        open_.pop_back();
        afterVariation_ = true;
        return {};
      case TokenKind::Value:
        return unexpected(token, "a property identifier before '['");
      case TokenKind::End:
        return fail(
            "unexpected end of the file: expected ')' to close the game tree or "
            "variation opened at " +
                open_.back().position.toString(),
            token.position.toString());
    }
    return {};
  }

  Result<void> property(const Token& id) {
    bool any = false;
    for (;;) {
      auto token = take();
      if (!token) return std::unexpected(token.error());
      if (token->kind != TokenKind::Value) {
        if (!any) return unexpected(*token, "'[' after property identifier " + id.text);
        pending_ = std::move(*token);
        return {};
      }
      tree_.addValue(current_, id.text, std::move(token->text), id.position, token->position);
      any = true;
    }
  }

  Lexer& lexer_;
  GameTree tree_;
  std::vector<OpenVariation> open_;
  std::optional<Token> pending_;
  int current_ = -1;
  bool afterVariation_ = false;
};

}  // namespace

Result<std::vector<GameTree>> parseCollection(std::string_view text, std::size_t maxGames) {
  Lexer lexer(text);
  std::vector<GameTree> games;
  while (games.size() < maxGames && lexer.skipToGameTree()) {
    auto tree = TreeParser(lexer).parse();
    if (!tree) return std::unexpected(tree.error());
    games.push_back(std::move(*tree));
  }
  if (games.empty()) {
    return fail("no game tree found: expected '(;' to start an SGF game",
                lexer.position().toString());
  }
  return games;
}

Result<GameTree> parseFirstGame(std::string_view text) {
  auto games = parseCollection(text, 1);
  if (!games) return std::unexpected(games.error());
  return std::move(games->front());
}

}  // namespace tengen::sgf
