#include "models/online_type_tracker.h"

#include <set>
#include <string>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "engine/text_input.h"
#include "models/evaluators.h"
#include "search/alphabeta_searcher.h"
#include "search/result.h"
#include "search/score.h"

namespace bao::models {
namespace {

// The types' searches: alpha-beta's defaults with a 4 MiB table, the searcher
// `alphabeta(tt_mb=4)` the study's opponents play as, so that a type predicts an opponent
// it equals move for move.
constexpr search::AlphaBetaOptions kTypeOptions{.tt_mb = 4};

}  // namespace

OnlineTypeTracker::OnlineTypeTracker(const Rules& rules, std::vector<PlayerModel> types, double epsilon, double floor)
    : rules_(rules),
      types_(std::move(types)),
      epsilon_(epsilon),
      floor_(floor),
      belief_(std::vector<double>(types_.size(), 1.0), epsilon, floor) {
  for (const PlayerModel& t : types_)
    predictors_.push_back(
        search::make_alphabeta_searcher(rules_, make_evaluator(t.eval), kTypeOptions, 1, "alphabeta(tt_mb=4)"));
}

void OnlineTypeTracker::new_game() {
  belief_ = TypeBelief(std::vector<double>(types_.size(), 1.0), epsilon_, floor_);
  seen_.reset();
  after_.reset();
  replies_ = informative_ = 0;
}

namespace {

// Type `depth`'s limits within the owner's node and time limits.
search::Limits type_limits(int depth, const search::Limits& owner) {
  search::Limits l;
  l.depth = depth;
  l.nodes = owner.nodes;
  l.time_ms = owner.time_ms;
  l.halt = owner.halt;
  return l;
}

}  // namespace

std::optional<Move> OnlineTypeTracker::predict(const Position& p, int k, const search::Limits& limits) {
  const auto i = static_cast<std::size_t>(k);
  const search::BaoResult r = predictors_.at(i)->search(p, type_limits(types_.at(i).depth, limits));
  if (!r.has_move) return std::nullopt;
  return r.best;
}

std::uint64_t OnlineTypeTracker::see(const Position& p, const search::Limits& limits) {
  if (seen_ && *seen_ == p) return 0;  // the same position searched again
  bool follows = false;
  ChildList replies;
  if (after_ && after_->side != p.side) {
    generate_children(*after_, rules_, replies);
    for (const Child& c : replies) follows = follows || c.pos == p;
  }
  if (!follows) {
    new_game();
    seen_ = p;
    return 0;
  }
  seen_ = p;
  ++replies_;
  const Position before = *after_;
  after_.reset();
  if (replies.size() < 2) return 0;  // forced: every type plays it
  ++informative_;
  std::uint64_t nodes = 0;
  std::vector<char> predicted(types_.size(), 0);
  for (std::size_t k = 0; k < types_.size(); ++k) {
    const search::BaoResult r = predictors_[k]->search(before, type_limits(types_[k].depth, limits));
    nodes += r.nodes;
    // Compared by the position it leads to: two moves that reach the same position are
    // the same reply to an observer.
    predicted[k] = r.has_move && apply_move(before, r.best, rules_) == p;
  }
  belief_.observe(predicted, static_cast<int>(replies.size()));
  return nodes;
}

void OnlineTypeTracker::played(const Position& p, const Move& m) {
  seen_ = p;
  after_ = apply_move(p, m, rules_);
}

int OnlineTypeTracker::most_probable() const {
  const std::vector<double>& p = belief_.probs();
  int best = 0;
  for (int k = 1; k < static_cast<int>(p.size()); ++k)
    if (p[static_cast<std::size_t>(k)] > p[static_cast<std::size_t>(best)]) best = k;
  return best;
}

std::vector<PlayerModel> parse_depth_types(const std::string& who, const std::string& text) {
  std::vector<PlayerModel> out;
  std::set<std::string> names;
  std::size_t at = 0;
  while (at <= text.size()) {
    std::size_t plus = text.find('+', at);
    if (plus == std::string::npos) plus = text.size();
    const std::string item = text.substr(at, plus - at);
    const std::string where = who + ": parameter types, item '" + item + "': ";
    const std::size_t sign = item.find('@');
    if (item.empty()) throw InputError(who + ": parameter types has an empty item in '" + text + "'");
    if (sign == std::string::npos || sign == 0)
      throw InputError(where + "expects EVAL@DEPTH (an evaluator and the depth it searches to)");
    PlayerModel m;
    m.eval = item.substr(0, sign);
    m.searcher = "alphabeta(tt_mb=4)";
    if (!to_int(item.substr(sign + 1), m.depth) || m.depth < 1 || m.depth > search::kMaxPly - 1)
      throw InputError(where + "the depth after '@' must be a whole number from 1 to " +
                       std::to_string(search::kMaxPly - 1));
    make_evaluator(m.eval);  // throws naming an unknown evaluator
    if (!names.insert(m.describe()).second) throw InputError(where + "is listed twice");
    out.push_back(m);
    at = plus + 1;
  }
  return out;
}

}  // namespace bao::models
