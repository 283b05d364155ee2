// The margin solver's transposition table (search/solver/margin.h): bounds on the rest
// of the game (final margin minus what is already banked) keyed by a hash of what the
// rest depends on, so a position reached with other stores reuses the entry.
//
// An entry holds the bounds, the best move found, the draft they were searched to (a
// number of moves, or kExact when no line below was cut by a depth limit, so the bounds
// are the game's own) and the work they cost (log2 of the nodes below). Buckets of four
// 16-byte entries fill one 64-byte cache line, so a probe reads one line. A full bucket
// gives up first an entry whose bounds hold only to a depth, then the one that cost the
// least work: exact bounds are what a solve keeps; a depth-limited entry's move still
// orders the next iteration while it stays. The buckets lie in huge pages where the
// kernel gives them (search/solver/margin_pages.h): a probe is a random address in
// gigabytes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "search/solver/margin_pages.h"

namespace bao::search::solver {

class MarginTable {
 public:
  static constexpr std::uint8_t kExact = 255;  // draft of bounds that hold at any depth
  static constexpr std::uint8_t kNoMove = 0xff;

  struct Entry {
    std::uint64_t key = 0;
    std::int16_t lo = -0x7fff, hi = 0x7fff;  // bounds on the rest
    std::uint8_t best = kNoMove;             // the game's move_index of the best move
    std::uint8_t draft = 0;                  // moves searched below, or kExact
    std::uint8_t work = 0;                   // log2 of the nodes below
    std::uint8_t used = 0;
  };
  static_assert(sizeof(Entry) == 16);

  // The largest power of two of buckets within mb MiB (one bucket at least).
  explicit MarginTable(std::size_t mb) {
    std::size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= mb * (std::size_t{1} << 20)) buckets *= 2;
    buckets_ = PageArray<Bucket>(buckets);  // zero-filled: every entry unused
    mask_ = buckets - 1;
  }

  std::size_t entries() const { return buckets_.size() * kWays; }
  std::size_t buckets() const { return buckets_.size(); }
  // The entries in use (a pass over the whole table).
  std::size_t used() const {
    std::size_t n = 0;
    for (const Bucket& b : buckets_)
      for (const Entry& e : b.e) n += e.used != 0;
    return n;
  }
  // The buckets as bytes, for a file (search/solver/margin_table_file.h).
  const char* bytes() const { return reinterpret_cast<const char*>(buckets_.data()); }
  char* bytes() { return reinterpret_cast<char*>(buckets_.data()); }
  std::size_t byte_size() const { return buckets_.size() * sizeof(Bucket); }

  // Puts a used entry, as another table held it, into its bucket here: an empty slot, or
  // in place of the entry the bucket gives up first when that one ranks lower. For a
  // table loaded from a file of another size (margin_table_file.h): an entry's bounds do
  // not depend on where it is kept.
  void place(const Entry& e) {
    Bucket& b = buckets_[e.key & mask_];
    Entry* slot = &b.e[0];
    for (Entry& x : b.e)
      if (rank(x) < rank(*slot)) slot = &x;
    if (rank(*slot) < rank(e)) *slot = e;
  }

  // Starts loading key's bucket into the cache, for a find() soon after.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&buckets_[key & mask_]); }

  const Entry* find(std::uint64_t key) const {
    const Bucket& b = buckets_[key & mask_];
    for (const Entry& e : b.e)
      if (e.used && e.key == key) return &e;
    return nullptr;
  }

  // Bounds at a greater draft replace those at a smaller one; at the same draft they are
  // intersected (bounds from different paths that do not meet, possible only below a
  // depth limit, give way to the newer); at a smaller draft only an empty move is filled.
  void record(std::uint64_t key, int lo, int hi, std::uint8_t best, std::uint8_t draft, std::uint64_t nodes) {
    Bucket& b = buckets_[key & mask_];
    Entry* slot = nullptr;
    for (Entry& e : b.e)
      if (e.used && e.key == key) slot = &e;
    const std::uint8_t w = log2(nodes);
    if (!slot) {
      slot = &b.e[0];
      for (Entry& e : b.e)
        if (rank(e) < rank(*slot)) slot = &e;
      *slot = Entry{key, static_cast<std::int16_t>(lo), static_cast<std::int16_t>(hi), best, draft, w, 1};
      return;
    }
    if (draft > slot->draft || (draft == slot->draft && (std::max<int>(slot->lo, lo) > std::min<int>(slot->hi, hi)))) {
      slot->lo = static_cast<std::int16_t>(lo);
      slot->hi = static_cast<std::int16_t>(hi);
      slot->draft = draft;
    } else if (draft == slot->draft) {
      slot->lo = static_cast<std::int16_t>(std::max<int>(slot->lo, lo));
      slot->hi = static_cast<std::int16_t>(std::min<int>(slot->hi, hi));
    } else {
      if (slot->best == kNoMove) slot->best = best;
      return;
    }
    if (best != kNoMove) slot->best = best;
    slot->work = std::max(slot->work, w);
  }

 private:
  static constexpr std::size_t kWays = 4;
  struct alignas(64) Bucket {
    Entry e[kWays];
  };

  static std::uint8_t log2(std::uint64_t nodes) {
    std::uint8_t w = 0;
    while (nodes > 1) nodes >>= 1, ++w;
    return w;
  }
  // What a bucket gives up first: an empty slot, then a depth-limited entry, then the
  // least work.
  static int rank(const Entry& e) {
    if (!e.used) return -1;
    return (e.draft == kExact ? 256 : 0) + e.work;
  }

  PageArray<Bucket> buckets_;
  std::size_t mask_ = 0;
};

}  // namespace bao::search::solver
