// Kalah's score hook for the margin solver (search/solver/margin.h).
//
// What is in the stores stays there, and the rest of the game (the moves, the captures,
// when it ends) depends only on the houses and the side to move: so the final margin is
// the store difference (banked) plus a rest that the houses alone decide, and it lies
// within the store difference +- the seeds still in houses (open), each of which ends in
// one side's store or row. The table's key hashes the houses and the side, not the stores.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/kalah/kalah.h"
#include "search/solver/kalah_endgame.h"

namespace bao::search::solver {

struct KalahMarginHook {
  kalah::KalahRules rules;
  const KalahEndgameDb* db = nullptr;  // optional: exact rests of positions with few seeds

  // A side's houses past m stay empty, so its row is empty iff its 8 house bytes are zero.
  static std::uint64_t row_word(const kalah::KalahState& s, int side) {
    std::uint64_t w;
    std::memcpy(&w, s.pit.data() + side * (kalah::kMaxHouses + 1), 8);
    return w;
  }
  bool over(const kalah::KalahState& s) const {
    if (rules.end == kalah::EndRule::Mover) return row_word(s, s.side) == 0;
    return row_word(s, 0) == 0 || row_word(s, 1) == 0;
  }
  int final_margin(const kalah::KalahState& s) const { return kalah::margin(s, rules); }
  int banked(const kalah::KalahState& s) const { return s.store(0) - s.store(1); }
  // Every position of the game holds its 2mn seeds (the position reader checks it).
  int open(const kalah::KalahState& s) const { return rules.total_seeds() - s.store(0) - s.store(1); }
  // Irving et al.'s order: extra moves (the last seed in the mover's store), nearest the
  // store first, since sowing it disturbs none of the other houses that reach the store;
  // then by the seeds the move stores (a capture first, largest first); ties go to the
  // house nearest the store.
  int order(const kalah::KalahState& s, const kalah::KalahChild& c) const {
    const int gain = c.pos.store(s.side) - s.store(s.side);
    return (c.pos.side == s.side ? 1 << 16 : 0) + gain * 16 + c.move.house;
  }
  // The exact rest (final - banked) when the database holds s.
  bool exact(const kalah::KalahState& s, int& rest) const { return db && db->lookup(s, rest); }
  // Starts loading what exact(s) will read.
  void prefetch(const kalah::KalahState& s) const {
    if (db) db->prefetch(s);
  }
  std::uint64_t rest_key(const kalah::KalahState& s) const {
    std::uint64_t a, b;
    std::memcpy(&a, s.pit.data(), 8);      // South's houses 1..8
    std::memcpy(&b, s.pit.data() + 9, 8);  // North's houses 1..8
    std::uint64_t h = (a + 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
    h ^= (b + 0x94d049bb133111ebull + s.side) * 0xd6e8feb86659fd93ull;
    h ^= h >> 31;
    h *= 0x94d049bb133111ebull;
    return h ^ (h >> 29) ^ s.side;
  }
};

}  // namespace bao::search::solver
