// Random trees with a ground truth (the thesis's question of when OM search gains): the
// tree's base value is the true value; MAX's V0 and the real opponent's function are
// noisy copies of it; the opponent model MAX uses is the opponent's function itself (no
// model error) or another noisy copy of the same level (a model error). A game goes down
// the tree: at MAX nodes MAX searches the remaining depth with its method and plays its
// choice, at MIN nodes the real opponent plays minimax on its own function. The realised
// true value is the truth at the leaf reached. Parallel over trees (OpenMP), every number
// a function of the seed only.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bao::experiments {

// The largest tree (width^depth leaves) tree games search: 4^12, 16^6.
inline constexpr std::uint64_t kMaxTreeGameLeaves = std::uint64_t{1} << 24;

struct TreeGamesSpec {
  int width = 3, depth = 6, trees = 500;
  std::vector<int> own_noise = {0, 50, 100, 200};
  std::vector<int> opp_noise = {0, 50, 100, 200};
  std::vector<int> model_error = {0, 1};  // 0: the model is the opponent's function
  double prom_own = 0.5;                  // PrOM: probability of MAX's own type
  // > 0: also mcts, om-mcts and prom-mcts (search/mcts.h) with this many iterations a
  // move, their solver bounded by the tree's leaves; om-mcts' and prom-mcts' gains are
  // then paired differences to mcts, not to minimax.
  std::uint64_t mcts_iterations = 0;
  std::uint64_t seed = 1;
  int threads = 0;
};

struct TreeGamesRow {
  int own_noise, opp_noise, model_error;
  std::string method;  // minimax, om, prom (and mcts, om-mcts, prom-mcts)
  int trees;
  double true_mean, true_ci95, gain_mean, gain_ci95;  // gain: paired difference to the baseline
  std::string baseline = "minimax";                   // om-mcts, prom-mcts: mcts
};

std::vector<TreeGamesRow> run_tree_games(const TreeGamesSpec& spec);
// A baseline column is added only when some row's baseline is not minimax.
std::string tree_games_csv(const std::vector<TreeGamesRow>& rows);
std::string tree_games_markdown(const std::vector<TreeGamesRow>& rows);

}  // namespace bao::experiments
