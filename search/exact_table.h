// ExactTable: the transposition table of the model searches (OM, PrOM, M*, (D,d)-OM):
// exact values by (position hash, remaining depth), one search at a time.
//
// Contract. resize(mib) allocates (0: off; throws the InputError of allocate_table,
// naming `what`, when the machine cannot hold it). new_search() starts a search: entries
// stored before no longer match, so a search's result never depends on the ones before
// it (determinism). find(key, depth) returns this search's value for exactly that key and
// remaining depth, or nullptr; store(key, depth, value) always replaces (the slot may hold
// another node's entry, which the full 64-bit key tells apart). The caller stores only
// exact values and converts decisive scores with to_table/from_table (search/score.h).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/tt.h"

namespace bao::search {

template <class Value>
class ExactTable {
 public:
  void resize(std::size_t mib, const char* what) {
    allocate_table(mib, what, [&] { slots_.assign(mib ? (mib << 20) / sizeof(Slot) : 0, Slot{}); });
    generation_ = 0;
  }
  bool enabled() const { return !slots_.empty(); }

  void new_search() {
    if (!slots_.empty() && ++generation_ == 0) {  // wrapped: clear, so old entries cannot match
      std::fill(slots_.begin(), slots_.end(), Slot{});
      generation_ = 1;
    }
  }

  // Counts a hit when it finds one.
  const Value* find(std::uint64_t key, int depth) {
    if (slots_.empty()) return nullptr;
    const Slot& s = slots_[key % slots_.size()];
    if (s.generation == 0 || s.generation != generation_ || s.key != key || s.depth != depth) return nullptr;
    ++hits_;
    return &s.value;
  }
  void store(std::uint64_t key, int depth, const Value& value) {
    if (slots_.empty()) return;
    slots_[key % slots_.size()] = Slot{key, value, generation_, static_cast<std::uint16_t>(depth)};
  }

  // Hits over all searches so far.
  std::uint64_t hits() const { return hits_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    Value value{};
    std::uint16_t generation = 0;  // 0: empty
    std::uint16_t depth = 0;
  };
  std::vector<Slot> slots_;
  std::uint16_t generation_ = 0;
  std::uint64_t hits_ = 0;
};

}  // namespace bao::search
