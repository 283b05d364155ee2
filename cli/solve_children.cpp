// bao solve --children (cli/solve_children.h).
#include "cli/solve_children.h"

#include <iostream>
#include <optional>

#include "engine/bao/notation.h"
#include "engine/kalah/kalah_notation.h"
#include "search/solver/solve.h"

namespace bao::cli {

namespace {

std::string signed_text(int v) {
  std::string out(v > 0 ? "+" : "");
  out += std::to_string(v);
  return out;
}

void print_child(const std::string& move, const std::string& value, std::uint64_t nodes, const std::string& pos) {
  std::cout << "child\t" << move << "\t" << value << "\t" << nodes << "\t" << pos << "\n";
}

}  // namespace

void print_bao_children(const search::BaoGame& g, const Position& p, const search::solver::SolveLimits& limits,
                        std::size_t table_mb, int max_path) {
  const int mover = p.side;
  const int ended = g.quick_winner(p);
  if (ended >= 0) {
    std::cout << "value\t" << (ended == mover ? "win" : "loss") << "\n";
    return;
  }
  ChildList kids;
  generate_children(p, g.rules, kids);
  search::solver::Dfpn<search::BaoGame> dfpn(g, table_mb, max_path);
  bool any_win = false, all_loss = true;
  for (const Child& k : kids) {
    dfpn.clear();
    search::solver::Budget budget(limits);
    const search::solver::DfpnAnswer a = search::solver::solve_dfpn(g, k.pos, dfpn, budget);
    const char* value = a.winner < 0 ? "open" : a.winner == mover ? "win" : "loss";
    any_win = any_win || a.winner == mover;
    all_loss = all_loss && a.winner >= 0 && a.winner != mover;
    print_child(format_move(k.move, mover), value, budget.nodes(), format_position(k.pos));
  }
  // With no legal move every child is vacuously a loss: the mover loses (rules.md).
  std::cout << "value\t" << (any_win ? "win" : all_loss ? "loss" : "open") << "\n";
}

void print_kalah_children(const kalah::KalahGame& g, const kalah::KalahState& s,
                          const search::solver::KalahMarginHook& hook, const search::solver::SolveLimits& limits,
                          std::size_t table_mb, const search::solver::MarginOptions& options) {
  search::solver::MarginSolver<kalah::KalahGame, search::solver::KalahMarginHook> solver(g, hook, table_mb, options);
  // The mover's view of a margin given as South's seeds minus North's.
  const int sign = s.side == 0 ? 1 : -1;
  kalah::KalahChildren kids;
  g.children(s, kids);
  if (kids.empty()) {
    search::solver::Budget budget(limits);
    const auto r = solver.solve(s, budget);
    std::cout << "value\t" << (r.solved ? signed_text(sign * r.value) : "open") << "\n";
    return;
  }
  std::optional<int> best;
  bool open = false;
  for (const kalah::KalahChild& k : kids) {
    search::solver::Budget budget(limits);
    const auto r = solver.solve(k.pos, budget);
    if (r.solved) {
      const int v = sign * r.value;
      if (!best || v > *best) best = v;
    } else {
      open = true;
    }
    print_child(kalah::format_move(k.move), r.solved ? signed_text(sign * r.value) : "open", budget.nodes(),
                kalah::format_state(k.pos, g.rules));
  }
  std::cout << "value\t" << (open ? "open" : signed_text(*best)) << "\n";
}

}  // namespace bao::cli
