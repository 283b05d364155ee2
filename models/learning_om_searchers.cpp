#include "models/learning_om_searchers.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/error.h"
#include "models/evaluators.h"
#include "models/model_searcher.h"
#include "models/online_type_tracker.h"
#include "models/root_om.h"
#include "search/bao_game.h"
#include "search/prom.h"

namespace bao::models {
namespace {

using search::BaoResult;
using search::Evaluator;
using Clock = std::chrono::steady_clock;

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
// What one type holds: its alpha-beta's 4 MiB table (models/online_type_tracker.cpp).
constexpr std::uint64_t kTypeBytes = 4 * kMiB;
// What one root-om searcher holds: its two inner tables (models/root_om.cpp).
constexpr std::uint64_t kRootOmBytes = 8 * kMiB;

// The number of items of types=, for the memory estimate before the searcher is made.
std::uint64_t type_count(search::Args& a) {
  const std::string text = a.get_text("types");
  std::uint64_t n = 1;
  for (const char c : text) n += c == '+';
  return n;
}

OnlineTypeTracker make_tracker(search::Args& a, const Rules& rules) {
  std::vector<PlayerModel> types = parse_depth_types(a.name(), a.get_text("types"));
  const double epsilon = a.get_real("epsilon", 1e-9, 1 - 1e-9, "a reply's probability off a type's move, in (0, 1)");
  const double floor = a.get_real("floor", 0, 1.0 / static_cast<double>(types.size()) - 1e-12,
                                  "each type's least probability, below 1/K");
  return OnlineTypeTracker(rules, std::move(types), epsilon, floor);
}

// Runs `search` between the tracker's update and its record of the move played, adding
// the types' nodes and time to the result.
template <class Search>
BaoResult learning_search(OnlineTypeTracker& tracker, const Position& p, const search::Limits& limits,
                          Search&& search) {
  const auto t0 = Clock::now();
  const std::uint64_t nodes = tracker.see(p, limits);
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  BaoResult r = search();
  r.nodes += nodes;
  r.seconds += seconds;
  if (r.has_move) tracker.played(p, r.best);
  return r;
}

// root-om-learn: one root-om searcher per type, the most probable type's searching.
class RootOmLearnSearcher final : public search::Searcher {
 public:
  RootOmLearnSearcher(std::string description, OnlineTypeTracker tracker,
                      std::vector<std::unique_ptr<search::Searcher>> per_type)
      : description_(std::move(description)), tracker_(std::move(tracker)), per_type_(std::move(per_type)) {}

  BaoResult search(const Position& p, const search::Limits& limits, const search::InfoFn& info) override {
    check(limits);
    return learning_search(tracker_, p, limits, [&] {
      return per_type_[static_cast<std::size_t>(tracker_.most_probable())]->search(p, limits, info);
    });
  }
  void check(const search::Limits& limits) const override { search::check_limits(limits, description_); }
  void new_game() override { tracker_.new_game(); }
  std::string describe() const override { return description_; }
  std::vector<const Evaluator*> evaluators() const override {
    std::vector<const Evaluator*> out = per_type_.front()->evaluators();  // MAX's own, then type 1's
    for (std::size_t k = 1; k < per_type_.size(); ++k) out.push_back(per_type_[k]->evaluators().back());
    return out;
  }

 private:
  std::string description_;
  OnlineTypeTracker tracker_;
  std::vector<std::unique_ptr<search::Searcher>> per_type_;
};

std::unique_ptr<search::Searcher> make_root_om_learn(search::Args& a, const Rules& rules,
                                                     std::shared_ptr<const Evaluator> eval) {
  OnlineTypeTracker tracker = make_tracker(a, rules);
  // Each type's root OM, made by root-om's own factory (a registry of root-om alone), so
  // that root-om-learn with one type is root-om with that model.
  search::SearcherRegistry root_om;
  register_root_om(root_om);
  const std::string own_depth = a.has("own_depth") ? ",own_depth=" + a.get_text("own_depth") : "";
  std::vector<std::unique_ptr<search::Searcher>> per_type;
  for (const PlayerModel& t : tracker.types())
    per_type.push_back(root_om.make("root-om(model=" + t.describe() + own_depth + ")", rules, eval));
  return std::make_unique<RootOmLearnSearcher>(a.spec().text, std::move(tracker), std::move(per_type));
}

// prom-learn: prom-beta over MAX's own evaluator and the types' distinct evaluators.
class PromLearnSearcher final : public ModelSearcher {
 public:
  // evals: MAX's own, then the types' distinct evaluators; eval_of[k]: type k's index
  // among them (1-based, as PrOM's probabilities).
  PromLearnSearcher(std::string description, const Rules& rules, std::vector<std::shared_ptr<const Evaluator>> evals,
                    std::vector<int> eval_of, double own, OnlineTypeTracker tracker, int tt_mb)
      : ModelSearcher(rules, std::move(description), std::move(evals), tt_mb > 0 ? std::size_t(tt_mb) << 20 : 0),
        rules_(rules),
        eval_of_(std::move(eval_of)),
        own_(own),
        tracker_(std::move(tracker)),
        prom_(std::make_unique<search::PromSearch<search::BaoGame>>(search::BaoGame{rules}, functions())) {
    if (tt_mb > 0) prom_->set_table(static_cast<std::size_t>(tt_mb));
    prom_->set_ordering(true);  // ordered probes: the same values and moves, fewer nodes
  }

  BaoResult search(const Position& p, const search::Limits& limits, const search::InfoFn& info) override {
    check(limits);
    return learning_search(tracker_, p, limits, [&] {
      probs_.assign(static_cast<std::size_t>(models()) + 1, 0.0);
      probs_[0] = own_;
      for (std::size_t k = 0; k < eval_of_.size(); ++k)
        probs_[static_cast<std::size_t>(eval_of_[k])] += (1 - own_) * tracker_.probs()[k];
      return ModelSearcher::search(p, limits, info);
    });
  }
  void new_game() override { tracker_.new_game(); }
  // The most probable type's move after r.best, searched to that type's depth.
  std::optional<bao::Move> predicted_reply(const Position& p, const BaoResult& r) override {
    if (!r.has_move) return std::nullopt;
    const Position after = apply_move(p, r.best, rules_);
    if (outcome(after, rules_) != Outcome::Ongoing) return std::nullopt;
    search::Limits l;
    l.nodes = std::max(kPredictionNodes, 8 * r.nodes);
    return tracker_.predict(after, tracker_.most_probable(), l);
  }

 private:
  search::ModelSearch<search::BaoGame>& model_search() override { return *prom_; }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override { return prom_->prom_beta(p, d, probs_); }
  int prediction_model() const override { return eval_of_[static_cast<std::size_t>(tracker_.most_probable())]; }

  Rules rules_;
  std::vector<int> eval_of_;
  double own_;
  OnlineTypeTracker tracker_;
  std::vector<double> probs_;  // PrOM's: MAX's own first, set before each search
  std::unique_ptr<search::PromSearch<search::BaoGame>> prom_;
};

std::unique_ptr<search::Searcher> make_prom_learn(search::Args& a, const Rules& rules,
                                                  std::shared_ptr<const Evaluator> eval) {
  OnlineTypeTracker tracker = make_tracker(a, rules);
  const double own = a.get_real("own", 0, 1 - 1e-9, "MAX's own type's probability, in [0, 1)");
  const int tt_mb = static_cast<int>(a.get_int("tt_mb"));
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  std::map<std::string, int> index;
  std::vector<int> eval_of;
  for (const PlayerModel& t : tracker.types()) {
    auto [it, added] = index.emplace(t.eval, static_cast<int>(evals.size()));
    if (added) evals.push_back(make_evaluator(t.eval));
    eval_of.push_back(it->second);
  }
  return std::make_unique<PromLearnSearcher>(a.spec().text, rules, std::move(evals), std::move(eval_of), own,
                                             std::move(tracker), tt_mb);
}

}  // namespace

void register_learning_om(search::SearcherRegistry& r) {
  using T = search::Param::Type;
  const search::Param types{"types", T::Text, "", 0, 0, "the opponent types, EVAL@DEPTH+... (alpha-beta players)",
                            true};
  const search::Param epsilon{
      "epsilon", T::Text, "0.05", 0, 0, "the probability of a reply off a type's move (the belief's likelihood)"};
  const search::Param floor{"floor", T::Text, "0.001", 0, 0, "each type's least probability after an update"};
  r.add({.name = "root-om-learn",
         .summary = "root OM whose model is the most probable type EVAL@DEPTH, learned from the game's replies",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types,
                    epsilon,
                    floor,
                    {"own_depth", T::Text, "d-2", 0, 0, "MAX's own search after the reply (root-om's): d-2, d or N",
                     false, search::Param::Cost::Plies}},
         .make = make_root_om_learn,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "types=material@1+material@2",
         .memory = [](search::Args& a) { return type_count(a) * (kRootOmBytes + kTypeBytes); }});
  r.add({.name = "prom-learn",
         .summary = "PrOM whose type probabilities are learned from the game's replies over EVAL@DEPTH types",
         .kind = search::SearcherKind::OpponentModel,
         .params = {types,
                    {"own", T::Text, "0.5", 0, 0, "MAX's own type's probability; the types share the rest"},
                    epsilon,
                    floor,
                    search::table_param()},
         .make = make_prom_learn,
         .tree_grid_default = false,
         .family = "",
         .bench_params = "types=material@1+default@2",
         .memory = [](search::Args& a) {
           return static_cast<std::uint64_t>(a.get_int("tt_mb")) * kMiB + type_count(a) * kTypeBytes;
         }});
}

}  // namespace bao::models
