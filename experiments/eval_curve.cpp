#include "experiments/eval_curve.h"

#include "engine/bao/movegen.h"

namespace bao::experiments {
namespace {

// Whether the curve goes on to the next position. The first is always searched (its
// search stops at the halt flag by itself), so a curve has a point however loaded the
// machine is when it starts.
bool go_on(const search::Limits& limits, std::chrono::steady_clock::time_point deadline) {
  return std::chrono::steady_clock::now() < deadline && !(limits.halt && limits.halt->load());
}

}  // namespace

std::vector<BaoCurvePoint> bao_curve(search::Searcher& searcher, const std::vector<Position>& positions,
                                     const Rules& rules, const search::Limits& limits,
                                     std::chrono::steady_clock::time_point deadline, double& seconds) {
  std::vector<BaoCurvePoint> points;
  for (std::size_t i = 0; i < positions.size() && (i == 0 || go_on(limits, deadline)); ++i) {
    const Position& p = positions[i];
    BaoCurvePoint point;
    point.ply = i;
    point.to_move = p.side;
    const Outcome oc = outcome(p, rules);
    if (oc != Outcome::Ongoing) {
      point.over = true;
      point.winner = oc == Outcome::SouthWins ? South : North;
    } else {
      const search::BaoResult r = searcher.search(p, limits);
      seconds += r.seconds;
      point.value = p.side == South ? r.value : -r.value;
      point.best = r.best;
      point.depth = r.depth;
    }
    points.push_back(point);
  }
  return points;
}

std::vector<AnyCurvePoint> any_curve(search::AnySearcher& searcher, const search::AnyGame& game,
                                     const std::vector<search::AnyState>& states, const search::Limits& limits,
                                     std::chrono::steady_clock::time_point deadline, double& seconds) {
  std::vector<AnyCurvePoint> points;
  for (std::size_t i = 0; i < states.size() && (i == 0 || go_on(limits, deadline)); ++i) {
    const search::AnyState& s = states[i];
    AnyCurvePoint point;
    point.ply = i;
    point.to_move = game.side_to_move(s);
    if (game.over(s)) {
      point.over = true;
      point.winner = game.winner(s);
    } else {
      const search::AnyResult r = searcher.search(s, limits);
      seconds += r.seconds;
      point.value = point.to_move == 0 ? r.value : -r.value;
      point.best = r.best;
      point.depth = r.depth;
    }
    points.push_back(point);
  }
  return points;
}

}  // namespace bao::experiments
