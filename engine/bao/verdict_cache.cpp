#include "engine/bao/verdict_cache.h"

#include <cstring>

namespace bao {

namespace {
constinit SharedVerdictCache<4096> verdicts;
}  // namespace

SharedVerdictCache<4096>& process_verdicts() { return verdicts; }
void clear_verdict_cache() { verdicts.clear(); }

std::uint64_t verdict_tag(const Position& before, Move m, const Rules& rules) {
  const int s = before.side;
  std::uint64_t a, b;
  if (m.takasa()) {
    // The mover's ring; with the fields below, all a takasa move reads: it never reads or
    // changes the opponent's side (3.1 steps 2, 4, 5, 6).
    std::memcpy(&a, before.pits[s], 8);
    std::memcpy(&b, before.pits[s] + 8, 8);
  } else {
    a = before.compute_key();
    b = 0x5555;
  }
  // The move, the mover's takasia pit, stage and house (for a capture move already in
  // the key), and every rules option, each in bits of its own so that no two of them
  // can cancel out.
  const std::uint64_t fields =
      static_cast<std::uint64_t>(m.pit) | static_cast<std::uint64_t>(m.right) << 4 |
      static_cast<std::uint64_t>(m.flags) << 5 | static_cast<std::uint64_t>(before.takasia + 1) << 8 |
      static_cast<std::uint64_t>(before.hand[s] > 0) << 12 | static_cast<std::uint64_t>(before.owns_house(s)) << 13 |
      static_cast<std::uint64_t>(rules.house_choice_any_count | rules.tax_any_lone_house << 1 |
                                 rules.house_lost_when_hand_empties << 2 | rules.takasia_after_namua << 3 |
                                 static_cast<int>(rules.variant) << 4)
          << 16 |
      static_cast<std::uint64_t>(rules.long_move_limit) << 32;
  std::uint64_t x = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull ^ fields;
  x = (x ^ (x >> 31)) * 0x94d049bb133111ebull;  // mix, so the slot depends on all bits
  return (x ^ (x >> 29)) | 1;                   // never 0
}

}  // namespace bao
