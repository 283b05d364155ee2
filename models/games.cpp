#include "models/games.h"

#include "engine/checkers/traits.h"
#include "engine/kalah/kalah_traits.h"
#include "models/bao_runtime.h"
#include "search/game_runtime.h"
#include "search/random_tree_traits.h"

namespace bao::models {

const search::GameRegistry& games() {
  static const search::GameRegistry r = [] {
    search::GameRegistry x;
    x.add(bao_game_entry());
    x.add(search::game_entry<kalah::KalahTraits>());
    x.add(search::game_entry<checkers::CheckersTraits>());
    x.add(search::game_entry<search::TreeTraits>());
    return x;
  }();
  return r;
}

std::unique_ptr<search::AnyGame> make_game(std::string_view spec) { return games().make(spec); }

}  // namespace bao::models
