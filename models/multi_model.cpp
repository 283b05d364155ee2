#include "models/multi_model.h"

#include <algorithm>
#include <string>
#include <vector>

#include "engine/error.h"
#include "models/deepen.h"
#include "models/evaluators.h"
#include "search/ddom.h"
#include "search/mstar.h"

namespace bao::models {
namespace {

using search::BaoGame;
using search::Evaluator;

enum class Kind { MStar1p, MStarPlain, MStarAb, DdOmPlain, DdOmAb };

// M* or (D,d)-OM over fixed-depth iterations; evals[0] is MAX's own evaluator. tt_mb > 0:
// a table of that many MiB (only mstar-1p and ddom-plain are given one).
class MultiModelSearcher final : public ModelSearcher {
 public:
  MultiModelSearcher(Kind kind, std::string description, const Rules& rules,
                     std::vector<std::shared_ptr<const Evaluator>> evals, int bound, int model_depth, int tt_mb)
      : ModelSearcher(rules, std::move(description), std::move(evals),
                      tt_mb > 0 ? static_cast<std::size_t>(tt_mb) << 20 : 0),
        kind_(kind),
        bound_(bound),
        model_depth_(model_depth) {
    if (kind_ == Kind::DdOmPlain || kind_ == Kind::DdOmAb) {
      ddom_ = std::make_unique<search::DdOmSearch<BaoGame>>(BaoGame{rules}, functions());
      if (tt_mb > 0) ddom_->set_table(static_cast<std::size_t>(tt_mb));
    } else {
      mstar_ = std::make_unique<search::MStarSearch<BaoGame>>(BaoGame{rules}, functions());
      if (tt_mb > 0) mstar_->set_table(static_cast<std::size_t>(tt_mb));
    }
    // Ordered probes (search/model_search.h): the same values and moves, fewer nodes.
    model_search().set_ordering(true);
  }

 private:
  search::ModelSearch<BaoGame>& model_search() override {
    return mstar_ ? static_cast<search::ModelSearch<BaoGame>&>(*mstar_) : *ddom_;
  }
  // (D,d)-OM predicts MIN at the root's children with the model searched
  // min(d, D - 1) plies from there (search/ddom.h); M* with its first model, OM-like.
  int prediction_depth(int d) const override {
    return kind_ == Kind::DdOmPlain || kind_ == Kind::DdOmAb ? std::min(model_depth_, d - 1) : d - 1;
  }
  search::ModelResult<bao::Move> iteration(const Position& p, int d) override {
    switch (kind_) {
      case Kind::MStar1p:
        return mstar_->mstar_1p(p, d, models());
      case Kind::MStarPlain:
        return mstar_->mstar_plain(p, d, models());
      case Kind::MStarAb:
        return mstar_->mstar_ab(p, d, models(), bound_);
      case Kind::DdOmPlain:
        return ddom_->ddom_plain(p, d, model_depth_, 1);
      case Kind::DdOmAb:
        return ddom_->ddom_ab(p, d, model_depth_, 1);
    }
    return {};
  }

  Kind kind_;
  int bound_, model_depth_;
  std::unique_ptr<search::MStarSearch<BaoGame>> mstar_;
  std::unique_ptr<search::DdOmSearch<BaoGame>> ddom_;
};

// models=E1+E2+...: the evaluators after MAX's own.
void parse_models(search::Spec& spec, std::vector<std::shared_ptr<const Evaluator>>& evals) {
  const std::string list = take_string(spec, "models", true);
  for (const std::string& item : plus_items(list)) {
    if (item.empty()) throw InputError(spec.name + ": models='" + list + "' has an empty name (write E1+E2+...)");
    evals.push_back(make_evaluator(item));
  }
  if (evals.size() > static_cast<std::size_t>(search::kMaxTypes))
    throw InputError(spec.name + ": at most " + std::to_string(search::kMaxTypes - 1) + " models");
}

}  // namespace

const char* multi_model_names() { return "mstar-1p, mstar-plain, mstar-ab, ddom-plain, ddom-ab"; }

std::unique_ptr<search::Searcher> make_multi_model(search::Spec& spec, const Rules& rules,
                                                   std::shared_ptr<const Evaluator> eval) {
  static const std::pair<const char*, Kind> kKinds[] = {{"mstar-1p", Kind::MStar1p},
                                                        {"mstar-plain", Kind::MStarPlain},
                                                        {"mstar-ab", Kind::MStarAb},
                                                        {"ddom-plain", Kind::DdOmPlain},
                                                        {"ddom-ab", Kind::DdOmAb}};
  const Kind* kind = nullptr;
  for (const auto& [n, k] : kKinds)
    if (spec.name == n) kind = &k;
  if (!kind) return nullptr;
  std::vector<std::shared_ptr<const Evaluator>> evals{std::move(eval)};
  int bound = 0, model_depth = 0;
  std::string known;
  if (*kind == Kind::DdOmPlain || *kind == Kind::DdOmAb) {
    evals.push_back(make_evaluator(take_string(spec, "model", true)));
    if (!spec.params.count("model_depth")) throw InputError(spec.name + ": parameter model_depth is required");
    model_depth = static_cast<int>(spec.take_int("model_depth", 1, 1, search::kMaxPly - 1));
    known = "model, model_depth";
  } else {
    parse_models(spec, evals);
    if (*kind == Kind::MStarAb) {
      if (!spec.params.count("bound")) throw InputError(spec.name + ": parameter bound is required");
      bound = static_cast<int>(spec.take_int("bound", 0, 0, search::kMaxEval));
    }
    known = *kind == Kind::MStarAb ? "models, bound" : "models";
  }
  // The table: only the full-depth searchers without windows have one (search/mstar.h,
  // search/ddom.h say why the others cannot).
  int tt_mb = 0;
  if (*kind == Kind::MStar1p || *kind == Kind::DdOmPlain) {
    tt_mb = static_cast<int>(spec.take_int("tt_mb", 16, 0, 65536));
    known += ", tt_mb";
  }
  spec.finish(known);
  return std::make_unique<MultiModelSearcher>(*kind, spec.text, rules, std::move(evals), bound, model_depth, tt_mb);
}

}  // namespace bao::models
