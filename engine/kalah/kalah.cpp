#include "engine/kalah/kalah.h"

#include <cstring>

#include "engine/error.h"

namespace bao::kalah {

void KalahState::refresh_key() {
  std::uint64_t a, b;
  std::memcpy(&a, pit.data(), 8);
  std::memcpy(&b, pit.data() + 8, 8);
  const std::uint64_t c = pit[16] | static_cast<std::uint64_t>(pit[17]) << 8 | static_cast<std::uint64_t>(side) << 16;
  std::uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xc2b2ae3d27d4eb4full ^
                    (c + 0x165667b19e3779f9ull) * 0x27d4eb2f165667c5ull;
  h ^= h >> 31;
  h *= 0xd6e8feb86659fd93ull;
  key = h ^ (h >> 32);
}

void check_rules(const KalahRules& r) {
  if (r.houses < 1 || r.houses > kMaxHouses)
    throw InputError("kalah: houses must be 1 to " + std::to_string(kMaxHouses) + ", found " +
                     std::to_string(r.houses));
  if (r.seeds < 1 || r.seeds > kMaxSeeds)
    throw InputError("kalah: seeds must be 1 to " + std::to_string(kMaxSeeds) + ", found " + std::to_string(r.seeds));
}

KalahState start_state(const KalahRules& r) {
  KalahState s;
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < r.houses; ++i) s.house(side, i) = static_cast<std::uint8_t>(r.seeds);
  s.refresh_key();
  return s;
}

int row_seeds(const KalahState& s, int side, const KalahRules& r) {
  int n = 0;
  for (int i = 0; i < r.houses; ++i) n += s.house(side, i);
  return n;
}

bool game_over(const KalahState& s, const KalahRules& r) {
  if (r.end == EndRule::Mover) return row_seeds(s, s.side, r) == 0;
  return row_seeds(s, 0, r) == 0 || row_seeds(s, 1, r) == 0;
}

int margin(const KalahState& s, const KalahRules& r) {
  return s.store(0) + row_seeds(s, 0, r) - s.store(1) - row_seeds(s, 1, r);
}

bool is_legal(const KalahState& s, KalahMove m, const KalahRules& r) {
  return m.house < r.houses && s.house(s.side, m.house) > 0 && !game_over(s, r);
}

// The sowing ring of the mover: its houses 0..m-1 (ring 0..m-1), its store (ring m), the
// opponent's houses 0..m-1 (ring m+1..2m); the opponent's store is skipped. Full laps are
// added at once, then the rest seed by seed.
KalahState play(const KalahState& s, KalahMove mv, const KalahRules& r) {
  KalahState t = s;
  const int me = s.side, you = me ^ 1, m = r.houses, ring = 2 * m + 1;
  const auto at = [&](int k) -> std::uint8_t& {
    return k < m ? t.house(me, k) : k == m ? t.store(me) : t.house(you, k - m - 1);
  };
  int seeds = t.house(me, mv.house);
  t.house(me, mv.house) = 0;
  const int laps = seeds / ring;
  if (laps > 0)
    for (int k = 0; k < ring; ++k) at(k) = static_cast<std::uint8_t>(at(k) + laps);
  const int rest = seeds % ring;
  for (int j = 1; j <= rest; ++j) ++at((mv.house + j) % ring);
  const int last = (mv.house + seeds) % ring;
  if (last < m && t.house(me, last) == 1) {
    const int opposite = m - 1 - last;
    if (t.house(you, opposite) > 0 || r.empty_capture) {
      t.store(me) = static_cast<std::uint8_t>(t.store(me) + 1 + t.house(you, opposite));
      t.house(me, last) = 0;
      t.house(you, opposite) = 0;
    }
  }
  if (last != m) t.side = static_cast<std::uint8_t>(you);
  t.refresh_key();
  return t;
}

namespace {

// Every move of a game that goes on, but those in skip[0..n).
void children_of_live(const KalahState& s, const KalahRules& r, const KalahMove* skip, int n, KalahChildren& out) {
  out.clear();
  for (int i = 0; i < r.houses; ++i) {
    if (s.house(s.side, i) == 0) continue;
    const KalahMove m{static_cast<std::uint8_t>(i)};
    bool skipped = false;
    for (int k = 0; k < n && !skipped; ++k) skipped = skip[k] == m;
    if (!skipped) out.push_back(KalahChild{m, play(s, m, r)});
  }
}

}  // namespace

void generate_children(const KalahState& s, const KalahRules& r, KalahChildren& out, const KalahMove* skip, int n) {
  if (game_over(s, r)) {
    out.clear();
    return;
  }
  children_of_live(s, r, skip, n, out);
}

std::uint64_t perft(const KalahState& s, const KalahRules& r, int depth) {
  if (depth == 0) return 1;
  if (game_over(s, r)) return 0;
  if (depth == 1) {  // bulk counting: the legal moves are the non-empty houses
    std::uint64_t n = 0;
    for (int i = 0; i < r.houses; ++i) n += s.house(s.side, i) > 0;
    return n;
  }
  KalahChildren ch;
  children_of_live(s, r, nullptr, 0, ch);  // the game goes on: checked above
  std::uint64_t n = 0;
  for (const KalahChild& c : ch) n += perft(c.pos, r, depth - 1);
  return n;
}

}  // namespace bao::kalah
