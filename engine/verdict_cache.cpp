#include "engine/verdict_cache.h"

#include <cstring>

namespace bao {

std::uint64_t verdict_tag(const Position& before, const Move& m, const Rules& rules) {
  const int s = before.side;
  std::uint64_t a, b;
  if (m.takasa()) {
    // The mover's ring, takasia pit, stage and house only: a takasa move never reads or
    // changes the opponent's side (3.1 steps 2, 4, 5, 6).
    std::memcpy(&a, before.pits[s], 8);
    std::memcpy(&b, before.pits[s] + 8, 8);
    b ^= static_cast<std::uint64_t>(static_cast<std::uint8_t>(before.takasia)) << 1 ^
         static_cast<std::uint64_t>(before.hand[s] > 0) << 11 ^ static_cast<std::uint64_t>(before.owns_house(s)) << 12;
  } else {
    a = before.compute_key();
    b = 0x5555;
  }
  std::uint64_t x = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
  x ^= static_cast<std::uint64_t>(m.pit) << 8 | static_cast<std::uint64_t>(m.right) << 16 |
       static_cast<std::uint64_t>(m.flags) << 24 | static_cast<std::uint64_t>(rules.long_move_limit) << 32;
  x ^= static_cast<std::uint64_t>(rules.house_choice_any_count | rules.tax_any_lone_house << 1 |
                                  rules.house_lost_when_hand_empties << 2 | rules.takasia_after_namua << 3 |
                                  static_cast<int>(rules.variant) << 4)
       << 58;
  x = (x ^ (x >> 31)) * 0x94d049bb133111ebull;  // mix, so the slot depends on all bits
  return (x ^ (x >> 29)) | 1;                   // never 0
}

}  // namespace bao
