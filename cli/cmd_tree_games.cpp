// bao tree-games: random trees with a ground truth; the realised true value of minimax,
// OM and PrOM (and with --mcts, mcts, om-mcts and prom-mcts) against a real opponent over a grid of noise levels, with
// and without a model error (experiments/tree_games.h).
#include <cstdint>
#include <iostream>

#include "cli/common.h"
#include "engine/error.h"
#include "experiments/tree_games.h"

namespace bao::cli {
int cmd_tree_games(const std::vector<std::string>& args) {
  experiments::TreeGamesSpec spec;
  std::string own = "0,50,100,200", opp = "0,50,100,200", error = "both", format = "csv";
  std::int64_t mcts = 0;  // signed, so that a negative count is named rather than wrapped
  po::options_description desc("options");
  desc.add_options()("width", po::value(&spec.width)->value_name("W"), "branching factor (default 3)")(
      "depth", po::value(&spec.depth)->value_name("D"), "tree depth; MAX moves first (default 6)")(
      "trees", po::value(&spec.trees)->value_name("N"), "trees per cell (default 500)")(
      "own-noise", po::value(&own)->value_name("LIST"), "noise levels of MAX's V0 (default 0,50,100,200)")(
      "opp-noise", po::value(&opp)->value_name("LIST"),
      "noise levels of the opponent's function (default 0,50,100,200)")(
      "model-error", po::value(&error)->value_name("E"),
      "no (the model is the opponent's function), yes (another noisy copy), or both (default)")(
      "prom-own", po::value(&spec.prom_own)->value_name("P"), "PrOM: probability of MAX's own type (default 0.5)")(
      "mcts", po::value(&mcts)->value_name("N"),
      "also mcts, om-mcts and prom-mcts with N iterations a move (gains of the last two against mcts)")(
      "seed", po::value(&spec.seed)->value_name("S"), "seed (default 1)")(
      "threads", po::value(&spec.threads)->value_name("N"), "OpenMP threads (default: all cores)")(
      "format", po::value(&format)->value_name("F"), "csv (default) or md");
  po::variables_map vm;
  if (!parse("tree-games",
             "[--width 3] [--depth 6] [--trees 500] [--own-noise LIST] [--opp-noise LIST]\n"
             "         [--model-error no|yes|both] [--prom-own P] [--mcts N] [--seed S] [--threads N]\n"
             "         [--format csv|md]",
             args, desc, nullptr, vm))
    return kExitOk;
  if (format != "csv" && format != "md") throw po::error("--format must be csv or md, found '" + format + "'");
  if (error == "no")
    spec.model_error = {0};
  else if (error == "yes")
    spec.model_error = {1};
  else if (error == "both")
    spec.model_error = {0, 1};
  else
    throw po::error("--model-error must be no, yes or both, found '" + error + "'");
  if (mcts < 0) throw InputError("--mcts: expected 0 (off) or a number of iterations, found " + std::to_string(mcts));
  spec.mcts_iterations = static_cast<std::uint64_t>(mcts);
  spec.own_noise = parse_int_list("own-noise", own, 0, 1000000);
  spec.opp_noise = parse_int_list("opp-noise", opp, 0, 1000000);
  const auto rows = experiments::run_tree_games(spec);
  std::cout << (format == "csv" ? experiments::tree_games_csv(rows) : experiments::tree_games_markdown(rows));
  return kExitOk;
}

}  // namespace bao::cli
