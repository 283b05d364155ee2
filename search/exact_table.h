// ExactTable: the transposition table of the model searches (OM, PrOM, M*, (D,d)-OM):
// exact values by (position hash, remaining depth), one search at a time.
//
// Contract. resize(mib) sets the most the table may take (0: off; throws the InputError
// of allocate_table, naming `what`, when the machine cannot hold it) and reserves that
// much address space without touching it. new_search() starts a search: entries of
// earlier searches do not match, so a search's result never depends on the ones before it
// (determinism). find(key, depth) returns this search's value for exactly that key and
// remaining depth, or nullptr; store(key, depth, value) always replaces (the slot may hold
// another node's entry, which the full 64-bit key tells apart). The caller stores only
// exact values and converts decisive scores with to_table/from_table (search/score.h).
//
// Sizing. A search starts on the first kFirstSlots slots and doubles the slots it uses
// whenever a quarter of them hold this search's entries, up to the most resize() allowed;
// a doubling splits each slot i into i and i + size by one more bit of the key, so no
// entry of the search is lost. Why: the searches on Bao are mostly small (a few thousand
// stored nodes at depth 6), and a full 16 MiB table probed at random costs a cache and
// TLB miss per probe and made prom-1p, mstar-1p and ddom-plain 1.15 to 1.47 times slower
// than with no table at all (docs/performance.md); a table the size of the search stays
// in the caches. The size a search reaches depends on its own stores only, so its node
// counts are still the same whatever searches came before.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/tt.h"

namespace bao::search {

template <class Value>
class ExactTable {
 public:
  void resize(std::size_t mib, const char* what) {
    allocate_table(mib, what, [&] {
      const std::size_t most = mib ? (mib << 20) / sizeof(Slot) : 0;
      most_ = most ? std::bit_floor(most) : 0;
      slots_ = std::vector<Slot>();
      slots_.reserve(most_);  // address space only: pages are touched as the slots grow
      slots_.resize(std::min(most_, kFirstSlots));
    });
    size_ = slots_.size();
    used_ = 0;
    generation_ = 0;
  }
  bool enabled() const { return most_ != 0; }

  void new_search() {
    if (!enabled()) return;
    if (++generation_ == 0) {  // wrapped: clear, so old entries cannot match
      std::fill(slots_.begin(), slots_.end(), Slot{});
      generation_ = 1;
    }
    size_ = std::min(most_, kFirstSlots);
    used_ = 0;
  }

  // Counts a hit when it finds one.
  const Value* find(std::uint64_t key, int depth) {
    if (!enabled()) return nullptr;
    const Slot& s = slots_[key & (size_ - 1)];
    if (s.generation != generation_ || s.key != key || s.depth != depth) return nullptr;
    ++hits_;
    return &s.value;
  }
  void store(std::uint64_t key, int depth, const Value& value) {
    if (!enabled()) return;
    Slot& s = slots_[key & (size_ - 1)];
    if (s.generation != generation_) {  // a slot this search has not used yet
      if ((used_ + 1) * 4 > size_ && size_ < most_) {
        grow();
        return store(key, depth, value);
      }
      ++used_;
    }
    s = Slot{key, value, generation_, static_cast<std::uint16_t>(depth)};
  }

  // Hits over all searches so far.
  std::uint64_t hits() const { return hits_; }
  // Slots the current search uses (a power of two; 0 when off).
  std::size_t slots_in_use() const { return enabled() ? size_ : 0; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    Value value{};
    std::uint16_t generation = 0;  // 0: empty (generation_ is never 0 during a search)
    std::uint16_t depth = 0;
  };
  static constexpr std::size_t kFirstSlots = std::size_t{1} << 12;

  // Doubles the slots in use: this search's entry in slot i moves to i + size_ when the
  // next bit of its key says so. The upper half holds no entry of this search (a search
  // only grows), and its older entries carry other generations, so they cannot match.
  void grow() {
    const std::size_t old = size_;
    if (slots_.size() < 2 * old) slots_.resize(2 * old);  // within the reserve: no copy
    for (std::size_t i = 0; i < old; ++i) {
      Slot& low = slots_[i];
      if (low.generation == generation_ && (low.key & old)) {
        slots_[i + old] = low;
        low.generation = 0;
      }
    }
    size_ = 2 * old;
  }

  std::vector<Slot> slots_;  // reserved to most_, sized to the most any search used
  std::size_t most_ = 0;     // the largest size allowed (a power of two; 0: off)
  std::size_t size_ = 0;     // the slots this search uses (a power of two)
  std::size_t used_ = 0;     // slots of [0, size_) this search stored into
  std::uint16_t generation_ = 0;
  std::uint64_t hits_ = 0;
};

}  // namespace bao::search
