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
// stores never allocate; the table is plain data, for one thread. SharedVerdictCache,
// below, is the same memo for all threads of a process at once; move execution uses one
// (process_verdicts()). Verdicts are exact, so what a cache holds changes only speed, never
// a result: sharing one among threads keeps results independent of the number of threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "engine/bao/move.h"
#include "engine/bao/position.h"
#include "engine/bao/rules.h"

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

// A VerdictCache that every thread of a process may use at once: the same contract (find
// gives back only what was stored under that tag, direct-mapped, the newest of a slot
// wins), but find copies the verdict out, and a store that meets another thread's store
// to the same slot is dropped (the verdict is only proved again later).
// Race-free by a per-slot sequence lock with every field an atomic word: a writer makes the
// slot's sequence odd (compare-exchange; it gives up if the slot is being written), stores
// the words (release) and makes the sequence even again (release); a reader reads the
// sequence (acquire), the words (acquire) and the sequence again, and keeps the copy only
// when both readings are the same even number. A reader that saw any word of a later
// write therefore sees that write's odd sequence in its second reading (the word's
// acquire synchronises with its release store, which follows the odd sequence), so a torn
// copy is never kept. No mutex, no allocation; constinit-able (all atomics start at 0: tag
// 0, empty). Data races: none (every shared access is atomic; ThreadSanitizer-clean).
template <std::size_t kSlots>
class SharedVerdictCache {
 public:
  static constexpr std::size_t kCapacity = kSlots;

  // True, with the verdict stored under tag (nonzero) copied to out, when its slot holds
  // it and is not being written.
  bool find(std::uint64_t tag, Verdict& out) const {
    const Slot& s = slots_[tag % kSlots];
    const std::uint64_t before = s.seq.load(std::memory_order_acquire);
    if (before & 1) return false;
    std::uint64_t w[kWords];
    for (int i = 0; i < kWords; ++i) w[i] = s.word[i].load(std::memory_order_acquire);
    if (s.seq.load(std::memory_order_relaxed) != before || w[0] != tag) return false;
    unpack(w, out);
    return true;
  }
  // Stores v under v.tag (nonzero), evicting whatever held its slot; dropped when another
  // thread is writing the slot.
  void store(const Verdict& v) { write(v, false); }
  // Empties every slot (waiting for a store under way). For measurements that must start
  // cold (bao bench --suite); results never depend on it.
  void clear() {
    const Verdict empty;
    for (std::size_t i = 0; i < kSlots; ++i) {
      Verdict v = empty;
      v.tag = i;  // slot i; stored as tag 0 below
      write(v, true);
    }
  }

 private:
  static constexpr int kWords = 6;  // tag, flags and houses, own ring (2), other ring (2)
  struct Slot {
    std::atomic<std::uint64_t> seq{0};  // odd while a store is under way
    std::atomic<std::uint64_t> word[kWords] = {};
  };

  static void pack(const Verdict& v, std::uint64_t* w) {
    w[0] = v.tag;
    w[1] = static_cast<std::uint64_t>(v.infinite) | static_cast<std::uint64_t>(v.reached_choice) << 1 |
           static_cast<std::uint64_t>(v.houses) << 8;
    std::memcpy(&w[2], v.own, kRing);
    std::memcpy(&w[4], v.other, kRing);
  }
  static void unpack(const std::uint64_t* w, Verdict& v) {
    v.tag = w[0];
    v.infinite = w[1] & 1;
    v.reached_choice = (w[1] >> 1) & 1;
    v.houses = static_cast<std::uint8_t>(w[1] >> 8);
    std::memcpy(v.own, &w[2], kRing);
    std::memcpy(v.other, &w[4], kRing);
  }
  // Stores v in slot v.tag % kSlots, or with `clearing` empties that slot (tag 0). A store
  // that finds the slot held by another store gives up; clearing waits for it.
  void write(const Verdict& v, bool clearing) {
    Slot& s = slots_[v.tag % kSlots];
    std::uint64_t seq = s.seq.load(std::memory_order_relaxed);
    for (;;) {
      if (!(seq & 1) &&
          s.seq.compare_exchange_strong(seq, seq + 1, std::memory_order_acquire, std::memory_order_relaxed))
        break;
      if (!clearing) return;
      seq = s.seq.load(std::memory_order_relaxed);
    }
    std::uint64_t w[kWords];
    pack(v, w);
    if (clearing) w[0] = 0;
    for (int i = 0; i < kWords; ++i) s.word[i].store(w[i], std::memory_order_release);
    s.seq.store(seq + 2, std::memory_order_release);
  }

  Slot slots_[kSlots];
};

// The verdict cache of move execution, one for the whole process (4,096 slots, 224 KiB of
// static storage), and a way to empty it.
SharedVerdictCache<4096>& process_verdicts();
void clear_verdict_cache();

// The tag of move m played from `before` under `rules`: equal for two moves whose laps
// end the same way, different (but for 64-bit hash collisions) otherwise. A takasa move
// never touches the opponent's pits and depends only on the mover's ring and house, the
// start, the direction, the takasia pit and the stage (3.1 steps 2, 4, 5, 6), so its tag
// depends on those alone: the same long takasa move below different opponent positions is decided
// once. A capture move's tag depends on the whole position. Both depend on every rules
// option. Never 0.
std::uint64_t verdict_tag(const Position& before, Move m, const Rules& rules);

}  // namespace bao
