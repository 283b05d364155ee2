// The strength mode: what `bao play` and `bao serve` give people by default, the player
// the SPRTs of docs/strength.md found strongest at equal time. Research commands (bao
// search, tournaments, the thesis experiments) keep alphabeta and name their evaluator.
#pragma once

namespace bao::models {

inline constexpr const char* kStrengthSearcher = "engine";  // search/forward_pruning.h's options, as accepted
inline constexpr const char* kStrengthEval = "td-long";     // accepted over `default`: results/strength/

}  // namespace bao::models
