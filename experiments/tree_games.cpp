#include "experiments/tree_games.h"

#include <omp.h>

#include <cmath>
#include <cstdio>

#include "engine/error.h"
#include "search/mcts.h"
#include "search/om.h"
#include "search/prom.h"
#include "search/random_tree.h"
#include "search/result.h"

namespace bao::experiments {
namespace {

using search::RandomTreeGame;
using search::TreeNode;
using TreeOm = search::OmSearch<RandomTreeGame>;
using TreeProm = search::PromSearch<RandomTreeGame>;

enum Method { kMinimax = 0, kOm = 1, kProm = 2, kMcts = 3, kOmMcts = 4, kPromMcts = 5 };
const char* const kMethodNames[] = {"minimax", "om", "prom", "mcts", "om-mcts", "prom-mcts"};

// MAX's MCTS move at node (remaining plies to the leaves, the solver's horizon), with the
// trees' parameters (search::random_tree_params).
int mcts_move(const RandomTreeGame& g, const std::vector<search::TreeEval>& fns, Method method, const TreeNode& node,
              int remaining, std::uint64_t iterations, double prom_own) {
  std::vector<double> probs;  // mcts: no model
  if (method == kOmMcts) probs = {0.0, 1.0};
  if (method == kPromMcts) probs = {prom_own, 1.0 - prom_own};
  search::MctsParams p = search::random_tree_params(iterations, std::move(probs));
  p.seed = node.id;
  search::Limits l;
  l.depth = remaining;
  return search::Mcts<RandomTreeGame>(g, fns, p).search(node, l).best_index;
}

// Channels of noise: 0 MAX's V0, 1 the real opponent, 2 the wrong model.
double play(const RandomTreeGame& g, Method method, int own, int opp, bool model_error, double prom_own,
            std::uint64_t mcts_iterations) {
  const int model_channel = model_error ? 2 : 1;
  const std::vector<search::TreeEval> fns = {{&g, 0, 0, own}, {&g, 0, model_channel, opp}};
  TreeOm max_om(g, fns);  // also minimax's move, by alpha-beta on V0
  TreeProm max_prom(g, fns);
  search::ModelSearch<RandomTreeGame> real_opponent(g, {search::TreeEval{&g, 0, 1, opp}});
  const int d = g.params().depth;
  TreeNode node = g.root();
  RandomTreeGame::Children ch;
  while (node.ply < d) {
    g.children(node, ch);
    const int remaining = d - node.ply;
    int pick;
    if (g.side_to_move(node) == 0) {
      if (method >= kMcts)
        pick = mcts_move(g, fns, method, node, remaining, mcts_iterations, prom_own);
      else if (method == kMinimax)
        pick = max_om.alphabeta(node, remaining, 0).best_index;
      else if (method == kOm)
        pick = max_om.om_probe(node, remaining, 1).best_index;
      else
        pick = max_prom.prom_beta(node, remaining, {prom_own, 1.0 - prom_own}).best_index;
    } else {
      // The real opponent: minimax on its own function, as MAX (in the searcher's
      // terms) of a search rooted at its own move; values are MAX's, so it minimises.
      int best = 0, best_value = 0;
      for (int i = 0; i < static_cast<int>(ch.size()); ++i) {
        const int v = real_opponent.value(0, ch[i].pos, remaining - 1, 0);
        if (i == 0 || v < best_value) {
          best_value = v;
          best = i;
        }
      }
      pick = best;
    }
    node = ch[pick].pos;
  }
  return node.base;
}

double ci95(double sum, double sq, int n) {
  if (n < 2) return 0;
  const double mean = sum / n;
  return 1.96 * std::sqrt(std::max(0.0, (sq - n * mean * mean) / (n - 1)) / n);
}

std::string fmt(double x, int decimals) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", decimals, x);
  return b;
}

bool other_baselines(const std::vector<TreeGamesRow>& rows) {
  for (const auto& r : rows)
    if (r.baseline != "minimax") return true;
  return false;
}

}  // namespace

std::vector<TreeGamesRow> run_tree_games(const TreeGamesSpec& spec) {
  if (spec.width < 2 || spec.width > search::kMaxTreeWidth)
    throw InputError("--width: expected 2.." + std::to_string(search::kMaxTreeWidth));
  if (spec.depth < 2 || spec.depth > 12) throw InputError("--depth: expected 2..12");
  if (spec.trees < 2) throw InputError("--trees: expected at least 2");
  // Every tree is searched in full by three searchers: 16^12 leaves would never end.
  if (std::pow(double(spec.width), spec.depth) > double(kMaxTreeGameLeaves))
    throw InputError("--width " + std::to_string(spec.width) + " --depth " + std::to_string(spec.depth) +
                     ": more than " + std::to_string(kMaxTreeGameLeaves) +
                     " leaves per tree (width^depth); lower the width or the depth");
  if (spec.threads < 0 || spec.threads > search::kMaxThreads)
    throw InputError("--threads: expected 0 (all cores) to " + std::to_string(search::kMaxThreads) + ", found " +
                     std::to_string(spec.threads));
  if (!(spec.prom_own >= 0 && spec.prom_own <= 1)) throw InputError("--prom-own: expected a probability");
  if (spec.mcts_iterations > 10'000'000)
    throw InputError("--mcts: at most 10000000 iterations a move, found " + std::to_string(spec.mcts_iterations));
  if (spec.own_noise.empty() || spec.opp_noise.empty() || spec.model_error.empty())
    throw InputError("no cell to play: give at least one own noise, opponent noise and model error");
  struct Cell {
    int own, opp, error;
  };
  std::vector<Cell> cells;
  for (int e : spec.model_error)
    for (int o : spec.own_noise)
      for (int p : spec.opp_noise) {
        if (o < 0 || p < 0) throw InputError("--noise: noise levels must be >= 0");
        cells.push_back({o, p, e});
      }
  const long tasks = static_cast<long>(cells.size()) * spec.trees;
  const int methods = spec.mcts_iterations > 0 ? 6 : 3;
  std::vector<double> truth(static_cast<std::size_t>(tasks) * methods);
#pragma omp parallel for schedule(dynamic, 1) num_threads(spec.threads > 0 ? spec.threads : omp_get_max_threads())
  for (long t = 0; t < tasks; ++t) {
    const Cell& c = cells[static_cast<std::size_t>(t / spec.trees)];
    search::TreeParams tp;
    tp.wmin = tp.wmax = spec.width;
    tp.depth = spec.depth;
    tp.step = 100;
    // The same trees in every cell (only the noise differs): paired comparisons.
    tp.seed = search::tree_mix(spec.seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(t % spec.trees));
    const RandomTreeGame g(tp);
    for (int m = 0; m < methods; ++m)
      truth[static_cast<std::size_t>(t) * methods + m] =
          play(g, static_cast<Method>(m), c.own, c.opp, c.error != 0, spec.prom_own, spec.mcts_iterations);
  }
  std::vector<TreeGamesRow> rows;
  for (std::size_t ci = 0; ci < cells.size(); ++ci)
    for (int m = 0; m < methods; ++m) {
      const int base = m == kOmMcts || m == kPromMcts ? kMcts : kMinimax;
      double sum = 0, sq = 0, gsum = 0, gsq = 0;
      for (int i = 0; i < spec.trees; ++i) {
        const std::size_t at = (ci * spec.trees + i) * methods;
        const double v = truth[at + m], gain = v - truth[at + base];
        sum += v;
        sq += v * v;
        gsum += gain;
        gsq += gain * gain;
      }
      rows.push_back({cells[ci].own, cells[ci].opp, cells[ci].error, kMethodNames[m], spec.trees, sum / spec.trees,
                      ci95(sum, sq, spec.trees), gsum / spec.trees, ci95(gsum, gsq, spec.trees), kMethodNames[base]});
    }
  return rows;
}

std::string tree_games_csv(const std::vector<TreeGamesRow>& rows) {
  const bool bases = other_baselines(rows);
  std::string s = bases
                      ? "own_noise,opp_noise,model_error,method,trees,true_value_mean,true_value_ci95,gain,gain_ci95,"
                        "baseline\n"
                      : "own_noise,opp_noise,model_error,method,trees,true_value_mean,true_value_ci95,gain_vs_minimax,"
                        "gain_ci95\n";
  for (const auto& r : rows)
    s += std::to_string(r.own_noise) + "," + std::to_string(r.opp_noise) + "," + std::to_string(r.model_error) + "," +
         r.method + "," + std::to_string(r.trees) + "," + fmt(r.true_mean, 2) + "," + fmt(r.true_ci95, 2) + "," +
         fmt(r.gain_mean, 2) + "," + fmt(r.gain_ci95, 2) + (bases ? "," + r.baseline : "") + "\n";
  return s;
}

std::string tree_games_markdown(const std::vector<TreeGamesRow>& rows) {
  const bool bases = other_baselines(rows);
  std::string s = "| own noise | opponent noise | model error | method | trees | true value (mean) | 95% CI | " +
                  std::string(bases ? "gain | 95% CI | baseline |\n|---|---|---|---|---|---|---|---|---|---|\n"
                                    : "gain vs minimax | 95% CI |\n|---|---|---|---|---|---|---|---|---|\n");
  for (const auto& r : rows)
    s += "| " + std::to_string(r.own_noise) + " | " + std::to_string(r.opp_noise) + " | " +
         (r.model_error ? "yes" : "no") + " | " + r.method + " | " + std::to_string(r.trees) + " | " +
         fmt(r.true_mean, 2) + " | +-" + fmt(r.true_ci95, 2) + " | " + fmt(r.gain_mean, 2) + " | +-" +
         fmt(r.gain_ci95, 2) + " |" + (bases ? " " + r.baseline + " |" : "") + "\n";
  return s;
}

}  // namespace bao::experiments
