// Transposition table: fixed size (MiB), buckets of two 16-byte entries: the first keeps
// the deepest result (depth-preferred), the second always takes the newest; threads may
// share one (see TranspositionTable). Entries of
// earlier searches are ignored (a generation number), so every search starts from an
// empty table and is deterministic; the memory is cleared only when the 16-bit
// generation wraps.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

namespace bao::search {

// Every searcher's table size in MiB (tt_mb): the default and the largest accepted.
inline constexpr std::int64_t kDefaultTableMb = 16;
inline constexpr std::int64_t kMaxTableMb = 65536;

// The machine's physical memory in bytes (0 if unknown).
std::uint64_t machine_memory_bytes();

// The memory a new allocation can have now without swapping: MemAvailable of
// /proc/meminfo, in bytes (0 if unknown).
std::uint64_t available_memory_bytes();

// The most that search tables may take: 80% of the machine's memory (0 if unknown), for
// one table (allocate_table) and for a run's threads together (experiments::check_memory).
inline std::uint64_t table_memory_cap() { return machine_memory_bytes() / 10 * 8; }

// Why `bytes` of search tables cannot be had on a machine of `total` bytes of which
// `available` are available now (0: unknown, not checked), or "" when they fit. Both
// limits are checked: 80% of the total, and all that is available (a table within 80%
// of a machine whose memory is in use elsewhere would swap, or be killed). The text
// names the limit passed with its figures in MiB:
//   "more than 80% of this machine's 24105 MiB of memory in total (19284 MiB)"
//   "more than the 3000 MiB of memory available now (MemAvailable; 24105 MiB in total)"
// (the total first when both are passed).
std::string table_memory_excess(std::uint64_t bytes, std::uint64_t total, std::uint64_t available);

// Allocates a search table of `mib` MiB through `allocate` (which fills it). Throws
// InputError naming `what` when the table would take more than table_memory_excess
// allows (80% of the machine's memory, or the memory available now), or when the
// allocation fails (std::bad_alloc), instead of a bare bad_alloc or the kernel killing
// the process.
template <class Allocate>
void allocate_table(std::size_t mib, const char* what, Allocate&& allocate);

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// One stored result, as probe() returns it.
struct TTEntry {
  std::uint32_t check = 0;       // upper 32 bits of the key
  std::int32_t value = 0;        // node-relative (to_table)
  std::uint16_t generation = 0;  // 0 = empty
  std::uint8_t depth = 0;
  Bound bound = Bound::None;
  std::uint8_t best = 0xff;  // index of the best child in generation order, 0xff none
};

// Throws the InputError of allocate_table: too large for the machine (`excess`, from
// table_memory_excess), or out of memory (`excess` empty).
[[noreturn]] void table_too_large(std::size_t mib, const char* what, const std::string& excess);

template <class Allocate>
void allocate_table(std::size_t mib, const char* what, Allocate&& allocate) {
  const std::string excess =
      table_memory_excess(std::uint64_t{mib} << 20, machine_memory_bytes(), available_memory_bytes());
  if (!excess.empty()) table_too_large(mib, what, excess);
  try {
    allocate();
  } catch (const std::bad_alloc&) {
    table_too_large(mib, what, "");
  }
}

// Shared by the threads of one search (Lazy SMP, search/lazy_smp.h) without a lock: an
// entry is two 64-bit words, each read and written atomically (relaxed), the second
// stored XOR-ed with a mix of the first. A read that mixes two writes (torn between the
// words) decodes to a wrong key check and is a miss, except with probability about
// 2^-32, as likely as two keys sharing a check. The value, bound, depth and generation
// live in one word, so an entry that passes the check is one write's whole result.
class TranspositionTable {
 public:
  // mib: 1..65536. Throws InputError otherwise.
  explicit TranspositionTable(std::size_t mib);

  void new_search();

  // The entries stored for key in this search (at most two), copied into out.
  int probe(std::uint64_t key, TTEntry out[2]) const {
    const std::uint64_t* b = bucket(key);
    const auto check = static_cast<std::uint32_t>(key >> 32);
    int n = 0;
    for (int i = 0; i < 2; ++i) {
      const std::uint64_t data = load(b[2 * i]), tag = load(b[2 * i + 1]) ^ mix(data);
      if (static_cast<std::uint32_t>(tag) != check || generation_of(data) != generation_) continue;
      TTEntry& e = out[n++];
      e.check = check;
      e.value = static_cast<std::int32_t>(static_cast<std::uint32_t>(data));
      e.generation = generation_;
      e.depth = static_cast<std::uint8_t>(data >> 48);
      e.bound = static_cast<Bound>(data >> 56);
      e.best = static_cast<std::uint8_t>(tag >> 32);
    }
    return n;
  }

  // The first slot keeps the deepest result of this search (or this key's newest at its
  // depth); the second always takes the newest.
  void store(std::uint64_t key, int depth, int value, Bound bound, int best) {
    std::uint64_t* b = bucket(key);
    const auto check = static_cast<std::uint32_t>(key >> 32);
    const std::uint64_t data = std::uint64_t{static_cast<std::uint32_t>(value)} | std::uint64_t{generation_} << 32 |
                               std::uint64_t{static_cast<std::uint8_t>(depth)} << 48 |
                               std::uint64_t{static_cast<std::uint8_t>(bound)} << 56;
    const std::uint64_t tag =
        (std::uint64_t{check} | std::uint64_t{static_cast<std::uint8_t>(best < 0 ? 0xff : best)} << 32) ^ mix(data);
    const std::uint64_t deep = load(b[0]);
    const int deep_depth = static_cast<std::uint8_t>(deep >> 48);
    const bool replace_deep = generation_of(deep) != generation_ || depth >= deep_depth ||
                              (deep_depth == depth && static_cast<std::uint32_t>(load(b[1]) ^ mix(deep)) == check);
    std::uint64_t* slot = replace_deep ? b : b + 2;
    put(slot[0], data);
    put(slot[1], tag);
  }

  // Starts loading key's bucket into the cache (a child's, before the search reaches it).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(bucket(key)); }

  std::size_t size_bytes() const { return buckets_ * 4 * sizeof(std::uint64_t); }

 private:
  static std::uint64_t mix(std::uint64_t data) { return data * 0x9E3779B97F4A7C15ull; }
  static std::uint16_t generation_of(std::uint64_t data) { return static_cast<std::uint16_t>(data >> 32); }
  static std::uint64_t load(const std::uint64_t& w) {
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(w)).load(std::memory_order_relaxed);
  }
  static void put(std::uint64_t& w, std::uint64_t v) {
    std::atomic_ref<std::uint64_t>(w).store(v, std::memory_order_relaxed);
  }

  std::uint64_t* bucket(std::uint64_t key) {
    return &table_[4 * ((static_cast<std::uint64_t>(static_cast<std::uint32_t>(key)) * buckets_) >> 32)];
  }
  const std::uint64_t* bucket(std::uint64_t key) const {
    return &table_[4 * ((static_cast<std::uint64_t>(static_cast<std::uint32_t>(key)) * buckets_) >> 32)];
  }

  std::vector<std::uint64_t> table_;  // a bucket: four words, two entries of (data, tag)
  std::uint64_t buckets_ = 0;
  std::uint16_t generation_ = 0;
};

}  // namespace bao::search
