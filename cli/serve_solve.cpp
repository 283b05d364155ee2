#include "cli/serve_solve.h"

#include <algorithm>
#include <string>

#include "cli/serve_bao_state.h"
#include "cli/serve_search_caps.h"
#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "search/bao_game.h"
#include "search/solver/exact.h"
#include "search/solver/solve.h"

namespace bao::cli {

namespace {

constexpr std::int64_t kDefaultSolveMs = 2000;
constexpr int kSolveTableMb = 32;

std::string move_text(const Position& p, const Rules& rules, int index) {
  ChildList kids;
  generate_children(p, rules, kids);
  return index >= 0 && index < static_cast<int>(kids.size()) ? format_move(kids[index].move, p.side) : "";
}

}  // namespace

json solve_bao_position(const json& j, const ServeOptions& o, std::counting_semaphore<1024>& slots) {
  check_keys(j, {"variant", "rules", "position", "moves", "time_ms"});
  const Rules rules = rules_from(j);
  const GameSession session = session_from(j, rules);
  const Position& p = session.current();
  if (outcome(p, rules) != Outcome::Ongoing) return {{"status", "over"}, {"result", outcome_reason(p, rules)}};
  const std::int64_t time_ms = get_int(j, "time_ms", std::min(kDefaultSolveMs, o.max_time_ms), 1, o.max_time_ms);
  const std::size_t table_mb = static_cast<std::size_t>(std::max(1, std::min(kSolveTableMb, o.max_memory_mb / 2)));
  const SearchSlot slot(slots, o.max_time_ms + 2000);
  const search::BaoGame g{rules};
  // The tables are allocated (and zeroed) before the clocks start: on a loaded machine
  // that alone can take a good part of a second.
  search::solver::Dfpn<search::BaoGame> dfpn(g, table_mb);
  search::solver::DistanceSolver<search::BaoGame> exact(g, table_mb);
  search::solver::SolveLimits limits;
  limits.seconds = static_cast<double>(time_ms) / 1000.0;
  search::solver::Budget budget(limits);
  const search::solver::DfpnAnswer d = search::solver::solve_dfpn(g, p, dfpn, budget);
  if (d.winner < 0) return {{"status", "open"}, {"nodes", budget.nodes()}, {"seconds", budget.seconds()}};
  json out = {{"status", "proven"},
              {"to_move", side_word(p.side)},
              {"winner", side_word(d.winner)},
              {"value", d.winner == p.side ? "win" : "loss"},
              {"distance", d.proof_depth},
              {"distance_exact", false},
              {"best", move_text(p, rules, d.best)}};
  std::uint64_t nodes = budget.nodes();
  double seconds = budget.seconds();
  // The exact distance with the time left: the distance search deepens one ply at a time
  // and stops at the budget, so a long win keeps the proof's bound.
  if (seconds < limits.seconds) {
    search::solver::SolveLimits rest;
    rest.seconds = limits.seconds - seconds;
    search::solver::Budget exact_budget(rest);
    const auto r = exact.solve(p, exact_budget, d.proof_depth);
    if (r.winner == d.winner) {
      out["distance"] = r.distance;
      out["distance_exact"] = true;
      out["best"] = move_text(p, rules, r.best);
    }
    nodes += exact_budget.nodes();
    seconds += exact_budget.seconds();
  }
  out["nodes"] = nodes;
  out["seconds"] = seconds;
  return out;
}

}  // namespace bao::cli
