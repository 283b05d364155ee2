// The random game trees (search/random_tree.h) as a registered game, "trees(width=3,
// depth=4,bound=100,...)": what search/game_runtime.h needs to carry them, beside Bao,
// Kalah and checkers. Its parameters are the tree's shape and seed, declared once here;
// its evaluators are the tree's functions as the thesis' tree experiments use them:
//
//   v0, v1, ... v(types-1)   V0 (MAX's own) and the opponent types, each within B of V0
//                            (search/random_tree.h: value)
//   own                      MAX's noisy copy of the true (base) value, noise own_noise
//   opp                      the opponent's noisy copy, noise opp_noise (the real
//                            opponent of `bao tree-games`, and its model without error)
//   opp_model                another copy at opp_noise: a model of the opponent with an
//                            error of its own (experiments/tree_games.h)
//
// A node is written ID:BASE:PLY (its id in hexadecimal), a move as the child's index in
// the game's order (0, 1, ...). The game ends at the leaves (depth `depth`), where no one
// has won: the searchers score the leaves with the evaluators. MAX (side 0) moves at even
// plies. The searchers are the trees' own (search/random_tree_searchers.h): the thesis'
// algorithms with the trees' cost counts.
#pragma once

#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"
#include "engine/param.h"
#include "engine/text_input.h"
#include "search/random_tree.h"
#include "search/random_tree_searchers.h"

namespace bao::search {

struct TreeTraits {
  using Game = RandomTreeGame;
  using State = TreeNode;
  using EvalDecl = TreeEvalDecl;

  static const char* name() { return "trees"; }
  static const char* summary() {
    return "seeded random game trees with correlated values and opponent types within B of V0 (the thesis' "
           "efficiency experiments)";
  }
  static std::vector<Param> params() {
    using T = Param::Type;
    return {
        {"width", T::Text, "2", 0, 0, "the branching factor w, or MIN-MAX: each node draws its width in it (1 to 16)"},
        {"depth", T::Int, "4", 1, 30, "d: the leaves are at this depth"},
        {"bound", T::Int, "100", 0, 1000, "B: every opponent type is within B of V0 at every node"},
        {"step", T::Int, "100", 0, 1000000,
         "a child's base value is its parent's plus a uniform step in [-step, step]"},
        {"spread", T::Text, "1", 0, 0, "the types' offsets reach spread * B (above 1 the bound is broken), 0 to 1000"},
        {"seed", T::Text, "1", 0, 0, "the tree's seed, a whole number 0 to 2^64-1"},
        {"types", T::Int, "2", 1, kMaxTypes, "the functions v0 ... v(types-1): V0 and the opponent types"},
        {"own_noise", T::Int, "0", 0, 1000000, "the evaluator own: the base value plus a uniform noise in +-own_noise"},
        {"opp_noise", T::Int, "0", 0, 1000000,
         "the evaluators opp and opp_model: the base value plus a uniform noise in +-opp_noise"}};
  }
  static Game make(const std::map<std::string, std::string>& v) {
    TreeParams p;
    const auto [wmin, wmax] = with_key("width", [&] { return parse_int_range(v.at("width"), 1, kMaxTreeWidth); });
    p.wmin = wmin;
    p.wmax = wmax;
    p.depth = std::stoi(v.at("depth"));
    p.bound = std::stoi(v.at("bound"));
    p.step = std::stoi(v.at("step"));
    if (!to_double(v.at("spread"), p.spread) || !(p.spread >= 0 && p.spread <= 1000))
      throw InputError(printable("trees: spread must be a number from 0 to 1000, found '" + v.at("spread") + "'"));
    if (!to_int(v.at("seed"), p.seed))
      throw InputError(printable("trees: seed must be a whole number from 0 to 2^64-1, found '" + v.at("seed") + "'"));
    p.types = std::stoi(v.at("types"));
    p.own_noise = std::stoi(v.at("own_noise"));
    p.opp_noise = std::stoi(v.at("opp_noise"));
    return Game{p};
  }
  static State start(const Game& g) { return g.root(); }
  static State parse_state(const Game& g, std::string_view text) {
    const auto parts = split(text, ':');
    TreeNode n;
    std::uint64_t id = 0;
    const bool ok = parts.size() == 3 && !parts[0].empty() && parts[0].size() <= 16 &&
                    std::from_chars(parts[0].data(), parts[0].data() + parts[0].size(), id, 16).ptr ==
                        parts[0].data() + parts[0].size() &&
                    to_int(parts[1], n.base) && to_int(parts[2], n.ply);
    if (!ok)
      throw InputError(
          printable("trees: a node is ID:BASE:PLY (ID in hexadecimal), found '" + std::string(text) + "'"));
    if (n.ply < 0 || n.ply > g.params().depth)
      throw InputError("trees: a node's ply must be 0 to the depth " + std::to_string(g.params().depth) + ", found " +
                       std::to_string(n.ply));
    n.id = id;
    return n;
  }
  static std::string format_state(const Game&, const State& s) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%" PRIx64 ":%d:%d", s.id, s.base, s.ply);
    return buf;
  }
  static std::string format_move(const Game&, const State&, const RandomTreeGame::Move& m) { return std::to_string(m); }
  static std::string draw(const Game& g, const State& s) {
    std::string out = "ply ";
    out += std::to_string(s.ply);
    out += " of ";
    out += std::to_string(g.params().depth);
    out += ", ";
    out += side_name(g.side_to_move(s));
    out += " to move, ";
    out += std::to_string(g.width(s));
    out += " children\n";
    for (int k = 0; k < g.params().types; ++k) {
      out += tree_function(k);
      out += ' ';
      out += std::to_string(g.value(s, k));
      out += k + 1 < g.params().types ? "  " : "\n";
    }
    return out;
  }
  static std::uint64_t perft(const Game& g, const State& s, int depth) {
    if (depth == 0) return 1;
    RandomTreeGame::Children ch;
    g.children(s, ch);
    std::uint64_t n = 0;
    for (const auto& c : ch) n += perft(g, c.pos, depth - 1);
    return n;
  }
  static std::int64_t conserved(const Game&, const State&) { return 0; }  // nothing is conserved
  static long max_moves(const Game& g) { return g.params().depth; }
  static std::string side_name(int side) { return side == 0 ? "MAX" : "MIN"; }
  static std::string outcome(const Game& g, const State& s) {
    if (s.ply < g.params().depth) return "the game goes on";
    return "a leaf at depth " + std::to_string(s.ply) + ", V0 " + std::to_string(g.value(s, 0)) + " (no one wins)";
  }
  static std::vector<EvalDecl> evaluators(const Game& g) { return tree_evaluators(g); }
  // The trees' searchers (search/random_tree_searchers.h) in place of the generic ones.
  static std::unique_ptr<AnySearcher> make_searcher(Args& a, const Game& g, std::string_view eval,
                                                    const std::string& game_spec) {
    return make_tree_searcher(a, g, eval, game_spec);
  }

 private:
  template <class F>
  static auto with_key(const char* key, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (const InputError& e) {
      throw InputError(std::string("trees: ") + key + ": " + e.what());
    }
  }
};

}  // namespace bao::search
