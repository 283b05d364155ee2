// Searchers for Bao behind one interface, made by name with parameters (search/spec.h):
//   minimax                         plain depth-limited minimax, the reference
//   alphabeta(tt=true, tt_mb=16, tt_deeper=false, ordering=true, aspiration=0)
// The opponent-model issue adds its searchers to the same registry.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "engine/move.h"
#include "engine/position.h"
#include "engine/rules.h"
#include "search/evaluator.h"
#include "search/result.h"

namespace bao::search {

using BaoResult = Result<bao::Move>;
using InfoFn = std::function<void(const BaoResult&)>;

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Searches p (which must be valid for the rules given at creation) within limits;
  // info is called after each finished iteration. Throws InputError for limits the
  // searcher cannot honour (no limit at all, minimax without a depth).
  virtual BaoResult search(const Position& p, const Limits& limits, const InfoFn& info = {}) = 0;
  // The searcher's name and every parameter's value, e.g. "alphabeta(tt=true,...)".
  virtual std::string describe() const = 0;
};

// Throws InputError naming an unknown searcher (and the known ones), an unknown
// parameter or a bad value.
std::unique_ptr<Searcher> make_searcher(std::string_view spec, const Rules& rules,
                                        std::shared_ptr<const Evaluator> eval);

// The known searcher names, comma separated.
std::string searcher_names();

}  // namespace bao::search
