// VerdictCache: a fixed-size memo of how long moves end, keyed on a 64-bit tag.
//
// Deciding a move exactly can take hundreds of millions of laps (rules.md 8) and searches
// meet the same long move again, so move execution stores each long move's verdict here.
//
// Contract. Tags are nonzero (verdict_tag never returns 0; tag 0 marks an empty slot).
// find(t) returns the verdict last stored under tag t, or nullptr; it never returns a
// verdict stored under another tag. The table is direct-mapped with kSlots slots: a
// verdict lives in slot t % kSlots and storing another tag with the same slot evicts it,
// so at most kSlots verdicts are held and the newest one of each slot wins. Lookups and
// stores never allocate; the table is plain data, so a thread_local instance needs no
// dynamic initialisation, and one instance per thread keeps results independent of the
// number of threads.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/move.h"
#include "engine/position.h"
#include "engine/rules.h"

namespace bao {

// How a long move ends: infinite, or the rings and houses it leaves.
struct Verdict {
  std::uint64_t tag = 0;  // 0 = empty slot
  bool infinite = false;
  bool reached_choice = false;     // the move reached the house choice (3.1(5))
  std::uint8_t houses = 0;         // Position::houses at the end of the laps
  std::uint8_t own[kRing] = {};    // the mover's ring at the end of the laps
  std::uint8_t other[kRing] = {};  // the opponent's ring (capture moves)
};

template <std::size_t kSlots>
class VerdictCache {
 public:
  static constexpr std::size_t kCapacity = kSlots;

  const Verdict* find(std::uint64_t tag) const {
    const Verdict& v = slots_[tag % kSlots];
    return v.tag == tag ? &v : nullptr;
  }
  // Stores v under v.tag (nonzero), evicting whatever held its slot.
  void store(const Verdict& v) { slots_[v.tag % kSlots] = v; }

 private:
  Verdict slots_[kSlots] = {};
};

// The tag of move m played from `before` under `rules`: equal for two moves whose laps
// end the same way, different (but for 64-bit hash collisions) otherwise. A takasa move
// never touches the opponent's pits and depends only on the mover's ring and house, the
// start, the direction, the takasia pit and the stage (3.1 steps 2, 4, 5, 6), so its tag
// depends on those alone: the same long takasa move below different opponent positions is decided
// once. A capture move's tag depends on the whole position. Both depend on every rules
// option. Never 0.
std::uint64_t verdict_tag(const Position& before, Move m, const Rules& rules);

}  // namespace bao
