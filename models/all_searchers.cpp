#include "models/all_searchers.h"

#include "models/learning_om_searchers.h"
#include "models/mcts_searchers.h"
#include "models/multi_model.h"
#include "models/om_prom_searchers.h"
#include "models/robust_om_searcher.h"
#include "models/root_om.h"
#include "models/safe_om_searcher.h"
#include "search/plain_searchers.h"

namespace bao::models {

const search::SearcherRegistry& searchers() {
  static const search::SearcherRegistry r = [] {
    search::SearcherRegistry x;
    search::register_plain_searchers(x);
    register_om(x);
    register_root_om(x);
    register_learning_om(x);
    register_safe_om(x);
    register_robust_om(x);
    register_mcts(x);
    register_prom(x);
    register_multi_model(x);
    return x;
  }();
  return r;
}

std::string searcher_names() { return searchers().names(); }

std::unique_ptr<search::Searcher> make_searcher(std::string_view text, const Rules& rules,
                                                std::shared_ptr<const search::Evaluator> eval) {
  return searchers().make(text, rules, std::move(eval));
}

std::vector<std::string> spec_evaluators(const search::Spec& spec) {
  std::vector<std::string> out;
  for (const auto& [key, value] : spec.params) {
    if (key == "model") out.push_back(spec.name == "root-om" ? value.substr(0, value.find('@')) : value);
    if (key == "models")
      for (const std::string& item : search::plus_items(value))
        if (!item.empty()) out.push_back(item);
    if (key == "types") {
      for (const std::string& item : search::plus_items(value)) {
        if (const auto colon = item.find(':'); colon != std::string::npos) {
          out.push_back(item.substr(0, colon));
        } else if (const auto at = item.find('@'); at != std::string::npos) {
          out.push_back(item.substr(0, at));  // root-om-learn's and prom-learn's EVAL@DEPTH
        }
      }
    }
  }
  return out;
}

}  // namespace bao::models
