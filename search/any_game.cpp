#include "search/any_game.h"

#include <stdexcept>

#include "engine/error.h"
#include "engine/text_input.h"
#include "search/registry.h"
#include "search/spec.h"

namespace bao::search {

AnyState AnyGame::apply(const AnyState& s, std::string_view move) const {
  auto ch = children(s);
  std::string legal;
  for (auto& [text, child] : ch) {
    if (text == move) return child;
    legal += (legal.empty() ? "" : " ") + text;
  }
  if (ch.empty())
    throw InputError(printable("move '" + std::string(move) + "': the game is over (" + outcome(s) + ")"));
  throw InputError(printable("move '" + std::string(move) + "' is not legal here (legal: " + legal + ")"));
}

void GameRegistry::add(GameEntry e) {
  if (find(e.name)) throw std::logic_error("game '" + e.name + "' registered twice");
  entries_.push_back(std::move(e));
}

const GameEntry* GameRegistry::find(std::string_view name) const {
  for (const GameEntry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::string GameRegistry::names() const {
  std::string out;
  for (const GameEntry& e : entries_) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

std::unique_ptr<AnyGame> GameRegistry::make(std::string_view text) const {
  Spec spec = parse_spec(text);
  const GameEntry* e = find(spec.name);
  if (!e) throw InputError(printable("unknown game '" + spec.name + "' (known: " + names() + ")"));
  const std::string known = check_against_schema(spec, e->params);
  Args args(spec, e->params);
  auto g = e->make(args);
  spec.finish(known);
  return g;
}

std::string GameRegistry::markdown_table() const {
  std::string out = "| game | what it is | parameters (default; range) |\n|---|---|---|\n";
  for (const GameEntry& e : entries_) {
    std::string params;
    for (const Param& p : e.params) params += (params.empty() ? "" : "; ") + describe_param(p);
    out += "| `" + e.name + "` | " + e.summary + " | " + (params.empty() ? "none" : params) + " |\n";
  }
  return out;
}

}  // namespace bao::search
