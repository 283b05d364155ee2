// The positions the threads of one Lazy SMP search are inside now (search/lazy_smp.h),
// so that a thread meeting a child another thread is searching can search its other
// children first and come back to it, by then often decided in the shared table (the
// "deferred" rule of ABDADA, Weill 1996). Only the order of a node's children changes,
// never their values, so the search stays exact.
//
// A direct-mapped table of keys, read and written with relaxed atomics: two positions
// that share a slot may hide or overwrite each other's mark, which only changes an order.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace bao::search {

class BusyPositions {
 public:
  static constexpr int kMinDepth = 3;  // only nodes this deep (remaining plies) are marked

  bool busy(std::uint64_t key) const { return slot(key).load(std::memory_order_relaxed) == key; }
  void enter(std::uint64_t key) { slot(key).store(key, std::memory_order_relaxed); }
  void leave(std::uint64_t key) {
    std::uint64_t k = key;
    slot(key).compare_exchange_strong(k, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kSlots = 1 << 12;
  std::atomic<std::uint64_t>& slot(std::uint64_t key) { return slots_[(key >> 20) & (kSlots - 1)]; }
  const std::atomic<std::uint64_t>& slot(std::uint64_t key) const { return slots_[(key >> 20) & (kSlots - 1)]; }
  std::array<std::atomic<std::uint64_t>, kSlots> slots_{};
};

// Marks a position busy for a scope (nothing when table is null).
class BusyMark {
 public:
  BusyMark(BusyPositions* table, std::uint64_t key) : table_(table), key_(key) {
    if (table_) table_->enter(key_);
  }
  ~BusyMark() {
    if (table_) table_->leave(key_);
  }
  BusyMark(const BusyMark&) = delete;
  BusyMark& operator=(const BusyMark&) = delete;

 private:
  BusyPositions* table_;
  std::uint64_t key_;
};

}  // namespace bao::search
