#include "cli/play_any_game.h"

#include <iostream>

#include "cli/common.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/all_searchers.h"

namespace bao::cli {

namespace {

std::string legal_list(const search::AnyGame& g, const search::AnyState& s) {
  std::string out;
  for (const auto& c : g.children(s)) out += (out.empty() ? "" : " ") + c.first;
  return out;
}

}  // namespace

int play_any_game(const search::AnyGame& g, const search::AnyState& start, const AnyPlayOptions& o) {
  const std::string eval = o.eval.empty() ? g.evaluators().at(0).name : o.eval;
  std::unique_ptr<search::AnySearcher> engine;
  if (!o.human[0] || !o.human[1]) engine = g.make_searcher(models::searchers(), o.searcher, eval);
  search::AnyState s = start;
  std::cout << g.spec() << "\n";
  for (int ply = 0;; ++ply) {
    std::cout << "\n" << g.draw(s);
    if (g.over(s)) {
      std::cout << "game over: " << g.outcome(s) << "\n";
      return kExitOk;
    }
    if (ply >= o.ply_cap) {
      std::cout << "stopped at the ply cap (" << o.ply_cap << ")\n";
      return kExitOk;
    }
    const int side = g.side_to_move(s);
    const std::string who = g.side_name(side);
    if (!o.human[side]) {
      const search::AnyResult r = engine->search(s, o.limits);
      if (!o.quiet)
        std::cout << who << " (" << engine->describe() << ") searched depth " << r.depth << ", value " << r.value
                  << ", " << r.nodes << " nodes\n";
      std::cout << who << " plays " << r.best << "\n";
      s = g.apply(s, r.best);
      continue;
    }
    for (;;) {
      std::cout << who << " to move (" << legal_list(g, s) << "; quit): " << std::flush;
      std::string line;
      if (!read_line(std::cin, line, "a move")) {
        std::cout << "\nend of input: the game is left unfinished\n";
        return kExitOk;
      }
      while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
      while (!line.empty() && line.front() == ' ') line.erase(0, 1);
      if (line == "quit" || line == "q") return kExitOk;
      if (line.empty()) continue;
      try {
        s = g.apply(s, line);
        break;
      } catch (const InputError& e) {
        std::cout << e.what() << "\n";
      }
    }
  }
}

}  // namespace bao::cli
