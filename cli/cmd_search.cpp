// bao search: one search of one position. One line per finished iteration on stderr,
// "info depth <d> value <v> nodes <n> nps <x> pv <moves>" (value from the side to
// move's view); the best move is the last line of stdout.
#include <iostream>

#include "cli/common.h"
#include "cli/game_session.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/error.h"
#include "models/all_searchers.h"
#include "models/evaluators.h"
#include "models/games.h"

namespace bao::cli {

namespace {

// Another game's search (--game): its first evaluator unless --eval names one; one info
// line for the search's last finished iteration.
int search_other_game(const search::AnyGame& g, const PositionOptions& o, const std::string& searcher,
                      const std::string& eval, const search::Limits& limits) {
  const search::AnyState s = any_position(g, o);
  const auto evals = g.evaluators();
  auto searcher_obj = g.make_searcher(models::searchers(), searcher, eval.empty() ? evals.at(0).name : eval);
  const search::AnyResult r = searcher_obj->search(s, limits);
  if (!r.has_move) throw InputError("no legal move: the game is over (" + g.outcome(s) + ")");
  std::string pv;
  for (const auto& m : r.pv) pv += (pv.empty() ? "" : " ") + m;
  const double nps = r.seconds > 0 ? r.nodes / r.seconds : 0;
  std::cerr << "info depth " << r.depth << " value " << r.value << " nodes " << r.nodes << " nps "
            << static_cast<std::uint64_t>(nps) << " pv " << pv << "\n";
  std::cout << r.best << "\n";
  return kExitOk;
}

}  // namespace

int cmd_search(const std::vector<std::string>& args) {
  PositionOptions o;
  std::string searcher = "alphabeta", eval = "default";
  int depth = 0;
  std::int64_t nodes = 0, time_ms = 0;
  po::options_description desc("options");
  add_position_options(desc, o);
  desc.add_options()("searcher", po::value(&searcher)->value_name("S"),
                     ("searcher with parameters, e.g. 'alphabeta(tt_mb=64)'; known: " + models::searcher_names() +
                      " (default alphabeta)")
                         .c_str())(
      "eval", po::value(&eval)->value_name("E"),
      ("evaluator; known for Bao: " + models::evaluator_names() + " (default default; another game's first evaluator)")
          .c_str())("depth", po::value(&depth)->value_name("D"), "search to this depth (plies)")(
      "nodes", po::value(&nodes)->value_name("N"), "stop after about N nodes (finished iterations count)")(
      "time-ms", po::value(&time_ms)->value_name("T"), "stop after T milliseconds")(
      "list", "print every searcher with its parameters (the table of docs/commands.md) and exit")(
      "list-games", "print every registered game with its parameters (docs/commands.md) and exit");
  po::variables_map vm;
  const std::string synopsis =
      std::string(kPositionSynopsis) +
      " [--searcher S] [--eval E]\n         (--depth D | --nodes N | --time-ms T) | --list | --list-games";
  if (!parse("search", synopsis, args, desc, nullptr, vm, &o)) return kExitOk;
  if (vm.count("list")) {
    std::cout << models::searchers().markdown_table();
    return kExitOk;
  }
  if (vm.count("list-games")) {
    std::cout << models::games().markdown_table();
    return kExitOk;
  }
  if (!vm.count("depth") && !vm.count("nodes") && !vm.count("time-ms"))
    throw po::error("give a limit: --depth D, --nodes N or --time-ms T");
  if (vm.count("depth") && depth < 1) throw po::error("--depth must be at least 1, found " + std::to_string(depth));
  if (vm.count("nodes") && nodes < 1) throw po::error("--nodes must be at least 1, found " + std::to_string(nodes));
  if (vm.count("time-ms") && time_ms < 1)
    throw po::error("--time-ms must be at least 1, found " + std::to_string(time_ms));
  search::Limits limits;
  limits.depth = depth;
  limits.nodes = static_cast<std::uint64_t>(nodes);
  limits.time_ms = time_ms;
  if (auto g = other_game(o)) return search_other_game(*g, o, searcher, vm.count("eval") ? eval : "", limits);
  const Rules rules = make_rules(o);
  const Position p = make_position(o, rules);
  auto s = models::make_searcher(searcher, rules, models::make_evaluator(eval));
  const search::BaoResult r = s->search(p, limits, [&](const search::BaoResult& it) {
    const double nps = it.seconds > 0 ? it.nodes / it.seconds : 0;
    std::cerr << "info depth " << it.depth << " value " << it.value << " nodes " << it.nodes << " nps "
              << static_cast<std::uint64_t>(nps) << " pv " << format_pv(it, p.side) << "\n";
  });
  if (!r.has_move) throw InputError(std::string("no legal move: the game is over (") + outcome_reason(p, rules) + ")");
  std::cout << format_move(r.best, p.side) << "\n";
  return kExitOk;
}

}  // namespace bao::cli
