// Move execution and generation. Rule numbers are Donkers' (appendix C of Nosce Hostem)
// as quoted in docs/rules.md; "3.1(n)" is step n of rules.md 3.1, the after-lap order.
#include "engine/bao/movegen.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "engine/bao/long_moves.h"
#include "engine/bao/verdict_cache.h"
#include "engine/cycle_detector.h"

namespace bao {
namespace {

constexpr int kLeftKichwa = 0;   // front pit 1
constexpr int kRightKichwa = 7;  // front pit 8

// Laps played without cycle detection: nearly every move ends well before, and Brent's
// algorithm started later still proves every cycle (the state sequence of a move that
// does not end is eventually periodic whatever the starting lap).
constexpr std::uint32_t kFreeLaps = 64;
// Every lap sows at least 2 seeds, so kFreeLaps laps sow 16 or more: the condition under
// which play_takasa_laps may skip 3.1(1) (engine/bao/long_moves.h).
static_assert(2 * kFreeLaps >= kRing);

// Sowing step (+1 cw, -1 acw) of the letter L/R from a pit (notation.md): along the front
// row R (higher pit number) is cw, along the back row it is acw.
inline int sow_step(int pit, bool right) { return (pit < kFront) == right ? 1 : -1; }

// A ring of 16 pits is one 16-byte vector, so a lap of fewer than 16 seeds is one vector
// add of a mask (GCC vector extension; plain SSE2 on x86-64, scalar code elsewhere).
using Ring16 = std::uint8_t __attribute__((vector_size(16)));

// kSowMask[dir][first][n]: one seed in each of the n pits from `first` onward, stepping
// cw (dir 1) or acw (dir 0).
struct SowMasks {
  std::uint8_t m[2][kRing][kRing][kRing];
};
constexpr SowMasks make_sow_masks() {
  SowMasks t{};
  for (int dir = 0; dir < 2; ++dir)
    for (int first = 0; first < kRing; ++first)
      for (int n = 0; n < kRing; ++n)
        for (int i = 0; i < n; ++i) t.m[dir][first][n][(first + (dir ? i : -i) + kRing) % kRing] = 1;
  return t;
}
alignas(16) constexpr SowMasks kSowMasks = make_sow_masks();

// n / 16 seeds in every pit: the full rounds of a lap of n seeds.
inline Ring16 full_rounds(int n) {
  Ring16 r;
  std::memset(&r, n / kRing, sizeof r);
  return r;
}

// Drops n >= 1 seeds, one per pit, from pit `first` onward in steps of d (1.3).
// Returns the pit that got the last seed.
inline int sow(std::uint8_t* ring, int first, int n, int d) {
  Ring16 v, mask;
  std::memcpy(&v, ring, sizeof v);
  std::memcpy(&mask, kSowMasks.m[d > 0][first][n % kRing], sizeof mask);
  v += mask;
  if (n >= kRing) v += full_rounds(n);
  std::memcpy(ring, &v, sizeof v);
  return (first + (n - 1) * d) & (kRing - 1);
}

// kKeep[pit]: all ones but at pit, to empty one pit inside the vector.
struct KeepMasks {
  std::uint8_t m[kRing][kRing];
};
constexpr KeepMasks make_keep_masks() {
  KeepMasks t{};
  for (int p = 0; p < kRing; ++p)
    for (int i = 0; i < kRing; ++i) t.m[p][i] = i == p ? 0 : 0xff;
  return t;
}
alignas(16) constexpr KeepMasks kKeepMasks = make_keep_masks();

// Lifts all seeds of `from` and sows them from the next pit on in steps of d (a lap that
// starts in a pit: 1.3, relay 1.6). Emptying the pit inside the vector avoids a narrow
// store followed by a wide load, which would stall store forwarding on every lap.
// Sets n to the seeds lifted and returns the pit of the last seed.
inline int lift_and_sow(std::uint8_t* ring, int from, int d, int& n) {
  n = ring[from];
  Ring16 v, keep, mask;
  std::memcpy(&v, ring, sizeof v);
  std::memcpy(&keep, kKeepMasks.m[from], sizeof keep);
  const int first = (from + d) & (kRing - 1);
  std::memcpy(&mask, kSowMasks.m[d > 0][first][n % kRing], sizeof mask);
  v = (v & keep) + mask;
  if (n >= kRing) v += full_rounds(n);
  std::memcpy(ring, &v, sizeof v);
  return (first + (n - 1) * d) & (kRing - 1);
}

// The in-move state at the start of a lap decision: what the rest of the move depends on
// (rules.md 8). The move's kind (capture or takasa), stage and takasia pit are fixed for
// the whole move and so need not be kept. The small fields are packed in one word and
// compared first, since they usually differ.
struct LapState {
  std::uint8_t pits[2 * kRing];
  std::uint32_t small;
};
// The lap state of the move being played, read in place: cycle detection compares it
// with the saved LapState on every lap but copies it only when it saves it.
struct LapView {
  const std::uint8_t* pits;  // the position's 2 * kRing pits
  std::uint32_t small;

  bool operator==(const LapState& x) const { return small == x.small && std::memcmp(pits, x.pits, sizeof x.pits) == 0; }
  operator LapState() const {
    LapState x;
    std::memcpy(x.pits, pits, sizeof x.pits);
    x.small = small;
    return x;
  }
};
inline std::uint32_t pack_small(int end, int step, std::uint8_t houses, bool capture_lap) {
  return static_cast<std::uint32_t>(end) | static_cast<std::uint32_t>(step & 3) << 8 |
         static_cast<std::uint32_t>(houses) << 16 | static_cast<std::uint32_t>(capture_lap) << 24;
}

static_assert(std::endian::native == std::endian::little, "front rows are read as little-endian words");

// Bit 8i+7 set iff byte i of w is nonzero.
inline std::uint64_t nonzero_bytes(std::uint64_t w) {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7full;
  return (w | ((w & kLow7) + kLow7)) & ~kLow7;
}

// Where side s can capture: bit 8e+7 set iff own front pit e is occupied and faces an
// occupied pit (byte-reversing the opponent's front row lines pit 7-e up with e).
inline std::uint64_t capture_spots(const Position& p, int s) {
  return nonzero_bytes(p.front_word(s)) & nonzero_bytes(__builtin_bswap64(p.front_word(s ^ 1)));
}

// Bitmask over the opponent's front ring indices that side s could capture with the
// first lap of a mtaji capture move (3.4): a start pit with 2..15 seeds, either
// direction, the lap ending in an occupied own front pit facing an occupied pit.
// With first_only, stops at the first target found (enough to know one exists).
// kReach[e][0][r] = (e - r) mod 16 and kReach[e][1][r] = (r - e) mod 16: the seeds a pit
// r must hold for a lap sown cw (0) or acw (1) from it to end in pit e.
struct ReachTable {
  std::uint8_t m[kFront][2][kRing];
};
constexpr ReachTable make_reach() {
  ReachTable t{};
  for (int e = 0; e < kFront; ++e)
    for (int r = 0; r < kRing; ++r) {
      t.m[e][0][r] = static_cast<std::uint8_t>((e - r + kRing) % kRing);
      t.m[e][1][r] = static_cast<std::uint8_t>((r - e + kRing) % kRing);
    }
  return t;
}
alignas(16) constexpr ReachTable kReach = make_reach();

// Bit i set iff byte i of w has its top bit set; w holds no other bits (as nonzero_bytes
// and capture_spots return).
inline std::uint32_t gather_top_bits(std::uint64_t w) {
  return static_cast<std::uint32_t>((w * 0x0002040810204081ull) >> 56);
}
// Bit i set iff byte i of v has its top bit set (SSE2's movemask, portably).
inline std::uint32_t top_bits(Ring16 v) {
  std::uint64_t w[2];
  std::memcpy(w, &v, sizeof w);
  constexpr std::uint64_t kTop = 0x8080808080808080ull;
  return gather_top_bits(w[0] & kTop) | gather_top_bits(w[1] & kTop) << 8;
}
inline std::uint32_t reverse8(std::uint32_t b) {
  b = (b & 0xf0u) >> 4 | (b & 0x0fu) << 4;
  b = (b & 0xccu) >> 2 | (b & 0x33u) << 2;
  return (b & 0xaau) >> 1 | (b & 0x55u) << 1;
}
// Byte r 0xff iff pit r of ring `me` holds 2..15 seeds: a mtaji capture's start (3.3, 3.4).
inline Ring16 capture_starts(const Ring16& me) {
  const Ring16 two = me - static_cast<std::uint8_t>(2);
  return reinterpret_cast<Ring16>(two <= static_cast<std::uint8_t>(13));
}
// Byte r 0xff iff a first lap from pit r of `me`, sown cw (dir 0) or acw (dir 1), ends in
// pit e (all 16 start pits at once).
inline Ring16 reaching(const Ring16& me, int e, int dir) {
  Ring16 need;
  std::memcpy(&need, kReach.m[e][dir], sizeof need);
  return reinterpret_cast<Ring16>(me == need);
}

std::uint32_t mtaji_capture_targets(const Position& p, int s, bool first_only = false) {
  const std::uint64_t spots = capture_spots(p, s);
  if (!spots) return 0;
  // Per spot (at most 8, usually a few) one test of all 16 pits at once, instead of the
  // two end pits of every start pit one by one (this runs after every takasa move, for
  // takasia, and is a large part of a search's time).
  Ring16 me;
  std::memcpy(&me, p.pits[s], sizeof me);
  const Ring16 movable = capture_starts(me);
  std::uint32_t ends = 0;  // own front pits some first lap ends in
  for (std::uint64_t x = spots; x; x &= x - 1) {
    const int e = std::countr_zero(x) >> 3;
    const Ring16 hit = (reaching(me, e, 0) | reaching(me, e, 1)) & movable;
    std::uint64_t w[2];
    std::memcpy(w, &hit, sizeof w);
    if (!(w[0] | w[1])) continue;
    ends |= 1u << e;
    if (first_only) break;
  }
  return reverse8(ends);  // own front pit e faces the opponent's 7 - e
}

// Bitmask over front ring indices of side s holding at least `min` seeds.
inline std::uint32_t front_mask(const Position& p, int s, int min) {
  std::uint32_t m = 0;
  for (int r = 0; r < kFront; ++r)
    if (p.pits[s][r] >= min) m |= 1u << r;
  return m;
}

// Takasia (4.1), after side s completed a takasa move and the turn passed to q.
std::int8_t takasia_pit(const Position& c, int s) {
  const int q = s ^ 1;
  if (c.hand[q] != 0) return kNoPit;
  if (mtaji_capture_targets(c, q, true) != 0) return kNoPit;  // q has a capture move
  const std::uint32_t targets = mtaji_capture_targets(c, s);
  if (targets == 0 || (targets & (targets - 1)) != 0) return kNoPit;  // not exactly one
  const int t = std::countr_zero(targets);
  if (t == kHouse && c.owns_house(q)) return kNoPit;    // 4.1c
  if (front_mask(c, q, 1) == (1u << t)) return kNoPit;  // 4.1a: only occupied pit
  if (front_mask(c, q, 2) == (1u << t)) return kNoPit;  // 4.1a: only pit of 2+
  return static_cast<std::int8_t>(t);
}

// Verdicts of long moves (verdict_cache.h): a move still going after kCacheLaps laps is
// memoised with the board it ends with, in the process's cache, shared by all threads
// (verdicts are exact, so sharing changes speed only, never a result).
constexpr std::uint32_t kCacheLaps = 1u << 12;

// One move being played on c, a copy of the position before it: the state its laps
// change and the rules that decide each next lap (rules.md 3, 3.1).
struct Sowing {
  Position& c;
  const Rules& rules;
  const Move m;
  const int s, o;
  std::uint8_t* const me;
  std::uint8_t* const op;
  const std::uint8_t own_house_bit;
  const bool namua;    // the stage of a move is fixed at its start (3)
  const bool capture;  // capture or takasa, fixed for the whole move (3)
  const int takasia;   // the mover's takasia-ed pit (4.1b)
  int e = 0, d = 0;    // end pit of the last lap, sowing step (+1 cw, -1 acw)
  bool capture_lap = false;
  std::uint32_t sown = 0;  // seeds sown so far, for rules.long_move_limit

  Sowing(Position& pos, Move move, const Rules& r)
      : c(pos),
        rules(r),
        m(move),
        s(pos.side),
        o(pos.side ^ 1),
        me(pos.pits[s]),
        op(pos.pits[o]),
        own_house_bit(static_cast<std::uint8_t>(1u << s)),
        namua(pos.hand[s] > 0),
        capture(!move.takasa()),
        takasia(pos.takasia) {
    c.takasia = kNoPit;
  }

  // A lap from an own pit; emptying the own house loses it (2.5a).
  int lap_from(int pit, int& n) {
    if (pit == kHouse) c.houses &= static_cast<std::uint8_t>(~own_house_bit);
    return lift_and_sow(me, pit, d, n);
  }
  // Captures the opponent's pit facing own front pit `at`; capturing the house loses it.
  int take_facing(int at) {
    const int t = 7 - at;
    const int n = op[t];
    op[t] = 0;
    if (t == kHouse) c.houses &= static_cast<std::uint8_t>(~(1u << o));
    return n;
  }

  // The first lap of a namua move (2.3, 2.4); returns the seeds it sowed.
  int first_namua_lap() {
    --c.hand[s];
    const int pit = m.pit;
    int n;
    if (capture) {
      // 2.3: the hand seed goes into pit, the facing pit is captured and its seeds enter
      // at the kichwa the move names, sown from there cw (left) or acw (right) (1.4a).
      ++me[pit];
      n = take_facing(pit);
      d = m.right ? -1 : 1;
      e = sow(me, m.right ? kRightKichwa : kLeftKichwa, n, d);
      capture_lap = true;
      return n;
    }
    // 2.4: a lone owned house is taxed (only 2 seeds leave, it stays owned, 2.4b).
    const bool tax = pit == kHouse && c.owns_house(s) && front_mask(c, s, 1) == (1u << kHouse) &&
                     (me[kHouse] >= 6 || rules.tax_any_lone_house);
    ++me[pit];
    d = sow_step(pit, m.right);
    if (!tax) {
      e = lap_from(pit, n);
      return n;
    }
    me[pit] = static_cast<std::uint8_t>(me[pit] - 2);
    e = sow(me, (pit + d) & (kRing - 1), 2, d);
    return 2;
  }

  // The first lap of the move.
  void first_lap() {
    int n;
    if (namua) {
      n = first_namua_lap();
    } else {
      d = sow_step(m.pit, m.right);
      e = lap_from(m.pit, n);
      // The first capture of the mtaji stage ends both houses (2.5a, 3.2); a mtaji capture
      // move always captures after its first lap (3.4), so clearing now is the same.
      if (capture && !rules.house_lost_when_hand_empties) c.houses = 0;
    }
    sown = static_cast<std::uint32_t>(n);
  }

  // After a lap, in the order of 3.1: false when the move ends, else plays the next lap.
  // Sets reached_choice when a capture move reaches the stop/safari choice (3.1(5)).
  bool next_lap(bool& reached_choice) {
    // 3.1(1): the game ends, even in the middle of a move (1.2).
    if (capture_lap && c.front_empty(o)) return false;  // mover wins
    if (c.front_empty(s)) return false;                 // mover loses
    // 3.1(2): a lap ending in an empty pit ends the move (1.5).
    if (me[e] == 1) return false;
    int n;
    // 3.1(3): capture from an own front pit facing seeds (1.4, 1.6c).
    if (capture && e < kFront && op[7 - e]) {
      n = take_facing(e);
      // 1.4b: kimbi and kichwa force the kichwa; otherwise the direction is kept (1.4c).
      const int k = e <= 1 ? kLeftKichwa : e >= 6 ? kRightKichwa : (d > 0 ? kLeftKichwa : kRightKichwa);
      d = k == kLeftKichwa ? 1 : -1;
      e = sow(me, k, n, d);
      capture_lap = true;
      sown += static_cast<std::uint32_t>(n);
      return true;
    }
    // 3.1(4): a takasa lap ending in the takasia-ed pit ends the move (4.1b).
    if (!capture && e == takasia) return false;
    // 3.1(5): the functional house stops a namua move, or offers safari (1.6a, 2.5b).
    if (namua && e == kHouse && c.owns_house(s) && (me[kHouse] >= 6 || (capture && rules.house_choice_any_count))) {
      if (!capture) return false;
      reached_choice = true;
      if (!m.safari()) return false;
    }
    // 3.1(6): relay (endelea, 1.6); a safari is the relay from the house.
    e = lap_from(e, n);
    capture_lap = false;
    sown += static_cast<std::uint32_t>(n);
    return true;
  }

  bool over_limit() const { return rules.long_move_limit && sown > rules.long_move_limit; }

  LapView lap_state() const { return LapView{&c.pits[0][0], pack_small(e, d, c.houses, capture_lap)}; }

  // The end of the laps as a verdict, and back: a takasa move changes only the mover's
  // ring and house (verdict_tag).
  Verdict verdict(std::uint64_t tag, bool reached_choice) const {
    Verdict v{tag, false, reached_choice, c.houses, {}, {}};
    std::memcpy(v.own, me, kRing);
    std::memcpy(v.other, op, kRing);
    return v;
  }
  void restore(const Verdict& v) {
    std::memcpy(me, v.own, kRing);
    if (capture) {
      std::memcpy(op, v.other, kRing);
      c.houses = v.houses;
    } else {
      c.houses = static_cast<std::uint8_t>((c.houses & ~own_house_bit) | (v.houses & own_house_bit));
    }
  }

  // A takasa move at the decision after a lap, for play_takasa_laps (long_moves.h), and
  // back: it changes only the mover's ring and house.
  TakasaLaps takasa_laps() const {
    TakasaLaps t;
    std::memcpy(t.ring, me, kRing);
    t.end = e;
    t.step = d;
    t.takasia = takasia;
    t.namua = namua;
    t.owns_house = c.owns_house(s);
    return t;
  }
  void take(const TakasaLaps& t) {
    std::memcpy(me, t.ring, kRing);
    e = t.end;
    if (!t.owns_house) c.houses &= static_cast<std::uint8_t>(~own_house_bit);
  }

  // Hands the turn over. With kComplete, also sets the child's takasia mark and key; a
  // move that is only counted (perft's last ply) needs neither.
  template <bool kComplete>
  void finish() {
    if (namua && rules.house_lost_when_hand_empties && c.hand[s] == 0)
      c.houses &= static_cast<std::uint8_t>(~own_house_bit);
    c.side = static_cast<std::uint8_t>(o);
    if (!kComplete) return;
    const bool over = c.front_empty(s) || c.front_empty(o);
    if (!capture && !over && rules.variant == Variant::Kiswahili && (!namua || rules.takasia_after_namua))
      c.takasia = takasia_pit(c, s);
    c.refresh_key();
  }
};

// A takasa move still going after kFreeLaps laps, decided by play_takasa_laps
// (long_moves.h): up to lap kCacheLaps, then the verdict cache, then to its end or its
// proof of a cycle. Returns false when the move is infinite (1.5a); else t holds the ring
// and house it ends with. Only with long_move_limit off and at most kSeeds seeds in the
// mover's ring. Takes plain values, not the Sowing, so that play()'s lap loop keeps the
// Sowing in registers.
bool decide_long_takasa(TakasaLaps& t, const Position& before, Move m, const Rules& rules, bool use_cache) {
  LapsResult result = play_takasa_laps(t, use_cache ? kCacheLaps - kFreeLaps - 1 : ~std::uint64_t{0});
  std::uint64_t tag = 0;  // nonzero once the move is long enough to be memoised
  const int s = before.side;
  if (result == LapsResult::Running) {
    tag = verdict_tag(before, m, rules);
    if (Verdict known; process_verdicts().find(tag, known)) {
      note_long_move(known.infinite, 0);
      if (known.infinite) return false;
      std::memcpy(t.ring, known.own, kRing);  // a takasa verdict: the mover's ring and house
      t.owns_house = (known.houses >> s) & 1;
      return true;
    }
    result = play_takasa_laps(t, ~std::uint64_t{0});
  }
  const bool infinite = result == LapsResult::Infinite;
  note_long_move(infinite, t.laps);
  if (tag) {
    Verdict v{tag, infinite, false, static_cast<std::uint8_t>(t.owns_house << s), {}, {}};
    std::memcpy(v.own, t.ring, kRing);
    process_verdicts().store(v);
  }
  return !infinite;
}

// The laps of a move still going after kFreeLaps laps, one by one with the whole in-move
// state: each lap state goes through Brent's cycle detection (an infinite move repeats
// one, rules.md 8), and from lap kCacheLaps on the verdict is looked up and stored (unless
// use_cache is off). Returns false when the move is infinite (1.5a) or over the
// long_move_limit. Capture moves always come here; takasa moves are checked against it.
[[gnu::always_inline]] inline bool play_lap_by_lap(Sowing& mv, const Position& before, bool& reached_choice,
                                                   bool use_cache) {
  CycleDetector<LapState> cycle;
  std::uint64_t tag = 0;               // nonzero once the move is long enough to be memoised
  std::uint64_t laps = kFreeLaps + 1;  // the lap whose end is decided
  for (;; ++laps) {
    if (mv.over_limit()) return false;
    if (laps == kCacheLaps && use_cache) {
      tag = verdict_tag(before, mv.m, mv.rules);
      if (Verdict known; process_verdicts().find(tag, known)) {
        note_long_move(known.infinite, 0);
        if (known.infinite) return false;
        mv.restore(known);
        reached_choice = known.reached_choice;
        return true;
      }
    }
    // A proof may be stopped (long_moves.h: ProofLimit); before any store, so an
    // unfinished move leaves nothing in the cache.
    if ((laps & (kProofCheckLaps - 1)) == 0) [[unlikely]]
      proof_checkpoint();
    if (cycle.repeats(mv.lap_state())) {  // the move repeats a state: it never ends
      note_long_move(true, laps - kFreeLaps - 1);
      if (tag) process_verdicts().store(Verdict{tag, true, false, 0, {}, {}});
      return false;
    }
    if (!mv.next_lap(reached_choice)) break;
  }
  note_long_move(false, laps - kFreeLaps);
  if (tag) process_verdicts().store(mv.verdict(tag, reached_choice));
  return true;
}

// A move still going after kFreeLaps laps. Takasa moves go to decide_long_takasa unless
// the options (long_moves.h) say otherwise; the rest lap by lap. Returns false when the
// move is infinite (1.5a) or over the long_move_limit. Inlined, so that play()'s lap loop
// keeps the Sowing in registers (a call taking it by reference would keep it in memory).
[[gnu::always_inline]] inline bool play_long_move(Sowing& mv, const Position& before, bool& reached_choice) {
  const LongMoveOptions options = long_move_options();
  if (mv.capture || !options.fast_takasa || mv.rules.long_move_limit != 0 || ring_seeds(mv.c, mv.s) > kSeeds)
    return play_lap_by_lap(mv, before, reached_choice, options.verdict_cache);
  TakasaLaps t = mv.takasa_laps();
  if (!decide_long_takasa(t, before, mv.m, mv.rules, options.verdict_cache)) return false;
  mv.take(t);
  return true;
}

// Plays move m on c, a copy of the position before the move, and hands the turn over.
// Returns false when the move is infinite (1.5a) or sows more than long_move_limit seeds.
// `before` is the position before the move (a different object from c), for the
// verdict cache.
// Sets reached_choice when a capture move reached the stop/safari choice at the house
// (3.1(5)); whether it then stopped or went on is m.safari().
// With `deferred` given, a move still going after kFreeLaps laps is not decided: play
// returns false with *deferred set (c is then unspecified).
template <bool kComplete>  // false: the child is only counted; its takasia mark and key are left unset
bool play(Position& c, const Move m, const Rules& rules, bool& reached_choice, const Position& before,
          bool* deferred = nullptr) {
  Sowing mv(c, m, rules);
  mv.first_lap();
  // Nearly every move ends within kFreeLaps laps; those are played without cycle detection.
  std::uint32_t laps = 1;  // the lap whose end is decided, from 1
  for (;; ++laps) {
    if (mv.over_limit()) return false;
    if (!mv.next_lap(reached_choice)) break;
    if (laps == kFreeLaps) {
      if (deferred) [[unlikely]] {
        *deferred = true;
        return false;
      }
      if (!play_long_move(mv, before, reached_choice)) return false;
      break;
    }
  }
#ifdef BAO_MOVE_STATS
  MoveStats& stats = move_stats();
  ++stats.moves;
  stats.laps += laps;
  stats.seeds += mv.sown;
  stats.long_moves += laps == kFreeLaps;
#endif
  mv.finish<kComplete>();
  return true;
}

// Canonical index i (notation.md's order: front pits 1..8, then back pits 1..8) of ring
// pit r, and back.
constexpr int pit_at(int i) { return i < kFront ? i : kRing - 1 - (i - kFront); }
constexpr int canonical_index(int r) { return r < kFront ? r : kRing - 1 - (r - kFront); }
inline std::uint32_t candidate_bit(int pit, int right) { return 1u << (2 * canonical_index(pit) + right); }

// Bit k of x to bit 2k (16 bits to 32).
inline std::uint32_t spread(std::uint32_t x) {
  x = (x | x << 8) & 0x00ff00ffu;
  x = (x | x << 4) & 0x0f0f0f0fu;
  x = (x | x << 2) & 0x33333333u;
  return (x | x << 1) & 0x55555555u;
}

// The mtaji capture candidates of side s to move in p (3.4) as Candidates bits: a start
// pit of 2..15 seeds other than `excluded` (the takasia-ed pit) whose first lap ends in an
// own front pit facing seeds. All 16 start pits are tested at once per end pit (at most
// 8, usually a few), as mtaji_capture_targets does.
std::uint32_t mtaji_capture_candidates(const Position& p, int s, int excluded) {
  const std::uint64_t spots = capture_spots(p, s);
  if (!spots) return 0;
  Ring16 me;
  std::memcpy(&me, p.pits[s], sizeof me);
  Ring16 movable = capture_starts(me);
  if (excluded >= 0 && excluded < kRing) {
    Ring16 keep;
    std::memcpy(&keep, kKeepMasks.m[excluded], sizeof keep);
    movable &= keep;
  }
  Ring16 cw{}, acw{};  // start pits whose lap sown cw (+1) / acw (-1) ends in a spot
  for (std::uint64_t x = spots; x; x &= x - 1) {
    const int e = std::countr_zero(x) >> 3;
    cw |= reaching(me, e, 0);
    acw |= reaching(me, e, 1);
  }
  const std::uint32_t cw_bits = top_bits(cw & movable), acw_bits = top_bits(acw & movable);
  // R sows cw from a front pit and acw from a back pit (sow_step); back pit r has
  // canonical index 23 - r, so the back half of each mask is reversed.
  const std::uint32_t right = (cw_bits & 0xffu) | reverse8(acw_bits >> 8) << 8;
  const std::uint32_t left = (acw_bits & 0xffu) | reverse8(cw_bits >> 8) << 8;
  return spread(left) | spread(right) << 1;
}

// The candidates of p by rules.md 5 and 6 (see Candidates), with pit sets as bit masks
// (bit r: ring pit r; the front pits' canonical index is their ring index).
Candidates find_candidates(const Position& p, const Rules& rules) {
  if (p.front_empty(South) || p.front_empty(North)) return {};
  const int s = p.side;
  Ring16 me;
  std::memcpy(&me, p.pits[s], sizeof me);
  const std::uint32_t occupied = top_bits(reinterpret_cast<Ring16>(me != 0)) & 0xffu;           // front pits
  const std::uint32_t twos = top_bits(reinterpret_cast<Ring16>(me > 1));                        // all 16 pits
  const std::uint32_t usable = p.takasia >= 0 && p.takasia < kRing ? ~(1u << p.takasia) : ~0u;  // 4.1b
  // 2.4a / 3.5b: a kichwa that is the only occupied front pit sows towards the centre.
  auto takasa_both_ways = [&](std::uint32_t pits) {
    const std::uint32_t left = pits & ~(occupied == 1u << kLeftKichwa ? 1u << kLeftKichwa : 0u);
    const std::uint32_t right = pits & ~(occupied == 1u << kRightKichwa ? 1u << kRightKichwa : 0u);
    return Candidates{spread(left) | spread(right) << 1, Move::kTakasa};
  };

  if (p.hand[s] > 0) {
    // Namua stage (rules.md 5). 2.3: capture at an occupied front pit facing seeds; the
    // left kichwa is forced at 1, 2, the right at 7, 8, a choice at 3..6.
    const std::uint64_t spots = capture_spots(p, s);
    const std::uint32_t caps = gather_top_bits(spots) & usable;
    if (caps) return Candidates{spread(caps & 0x3fu) | spread(caps & 0xfcu) << 1, 0};
    // 2.4: takasa. A lone functional house is taxed (2.4b).
    const bool owns = p.owns_house(s);
    const std::uint8_t house = p.pits[s][kHouse];
    if (occupied == (1u << kHouse) && owns && (house >= 6 || rules.tax_any_lone_house))
      return Candidates{3u << (2 * kHouse), Move::kTakasa};
    // Pits of 2 or more but never a functional house (2.4b); single seeds only when no
    // front pit holds 2 or more, or while the player owns his house (2.4c).
    const std::uint32_t front_twos = twos & 0xffu;
    std::uint32_t pits = front_twos & ~(owns && house >= 6 ? 1u << kHouse : 0u);
    if (owns || front_twos == 0) pits |= occupied & ~front_twos;
    return takasa_both_ways(pits & usable);
  }

  // Mtaji stage (rules.md 6). 3.4: a capture from a pit of 2..15 whose first lap ends in
  // an own front pit facing seeds.
  if (const std::uint32_t caps = mtaji_capture_candidates(p, s, p.takasia))
    return Candidates{caps, 0};  // 1.7a; infinite captures are illegal, not replaced
  // 3.5: takasa from a front pit of 2 or more, else from a back pit of 2 or more (both
  // ways; back pit r has canonical index 23 - r).
  const std::uint32_t movable = twos & usable;
  if (movable & 0xffu) return takasa_both_ways(movable & 0xffu);
  const std::uint32_t back = reverse8(movable >> 8) << 8;
  return Candidates{spread(back) | spread(back) << 1, Move::kTakasa};
}

// Whether a candidate of p may reach the house choice (3.1(5)) and so have a safari twin:
// only a namua capture, while the mover owns his house (no lap gives a lost house back).
inline bool twins_possible(const Position& p, const Candidates& c) {
  return c.flags == 0 && p.hand[p.side] > 0 && p.owns_house(p.side);
}
inline Move safari_twin(const Move& m) {
  return Move{m.pit, m.right, static_cast<std::uint8_t>(m.flags | Move::kSafari), 0};
}

// Calls attempt(pit, right, flags) for every candidate c holds, in canonical order
// (rules.md 5, 6); the candidates that turn out infinite are dropped by attempt.
template <class Attempt>
void for_each_candidate(const Candidates& c, Attempt&& attempt) {
  for (std::uint32_t b = c.bits; b; b &= b - 1) {
    const int k = std::countr_zero(b);
    attempt(pit_at(k >> 1), k & 1, c.flags);
  }
}
template <class Attempt>
void for_each_candidate(const Position& p, const Rules& rules, Attempt&& attempt) {
  for_each_candidate(find_candidates(p, rules), attempt);
}

}  // namespace

Candidates candidates(const Position& p, const Rules& rules) { return find_candidates(p, rules); }

void generate_children_except(const Position& p, const Rules& rules, const Candidates& cands, const Move* skip,
                              int n_skip, ChildList& out, MoveList* deferred) {
  out.clear();
  if (deferred) deferred->clear();
  auto skipped = [&](const Move& m) { return std::find(skip, skip + n_skip, m) != skip + n_skip; };
  const bool twins = twins_possible(p, cands);
  // Plays one candidate; keeps it if finite, and adds its safari twin if it reached the
  // house choice (stop before safari, notation.md). A skipped move's position is not kept.
  for_each_candidate(cands, [&](int pit, int right, std::uint8_t flags) {
    const Move m{static_cast<std::uint8_t>(pit), static_cast<std::uint8_t>(right), flags, 0};
    const Move twin = safari_twin(m);
    bool choice = false;
    if (!skipped(m)) {
      out.push_back(Child{m, p});
      bool long_move = false;
      if (!play<true>(out.back().pos, m, rules, choice, p, deferred ? &long_move : nullptr)) {
        out.pop_back();
        if (long_move) {  // set aside, with its twin: deferred_children decides both
          deferred->push_back(m);
          return;
        }
      }
    } else if (twins && !skipped(twin)) {
      Position scratch = p;
      play<false>(scratch, m, rules, choice, p);
    }
    if (!choice || skipped(twin)) return;
    out.push_back(Child{twin, p});
    if (!play<true>(out.back().pos, twin, rules, choice, p)) out.pop_back();
  });
}

int deferred_children(const Position& p, const Move& m, const Rules& rules, const Move* skip, int n_skip, Child* out) {
  int n = 0;
  bool choice = false;
  out[n] = Child{m, p};
  if (play<true>(out[n].pos, m, rules, choice, p)) ++n;
  if (!choice) return n;
  const Move twin = safari_twin(m);
  if (std::find(skip, skip + n_skip, twin) != skip + n_skip) return n;
  out[n] = Child{twin, p};
  bool again = false;
  if (play<true>(out[n].pos, twin, rules, again, p)) ++n;
  return n;
}

void generate_children_except(const Position& p, const Rules& rules, const Move* skip, int n_skip, ChildList& out) {
  generate_children_except(p, rules, find_candidates(p, rules), skip, n_skip, out);
}

void generate_children(const Position& p, const Rules& rules, ChildList& out) {
  generate_children_except(p, rules, find_candidates(p, rules), nullptr, 0, out);
}

namespace {

// Calls keep(move) for every legal move in canonical order. Legality needs each candidate
// played to its end, but not the children's takasia marks, keys or copies in a list, so
// candidates are played on a scratch copy that is thrown away.
template <class Keep>
void for_each_legal_move(const Position& p, const Rules& rules, Keep&& keep) {
  for_each_candidate(p, rules, [&](int pit, int right, std::uint8_t flags) {
    Move m{static_cast<std::uint8_t>(pit), static_cast<std::uint8_t>(right), flags, 0};
    Position scratch = p;
    bool choice = false;
    if (play<false>(scratch, m, rules, choice, p)) keep(m);
    if (!choice) return;
    m.flags |= Move::kSafari;
    scratch = p;
    if (play<false>(scratch, m, rules, choice, p)) keep(m);
  });
}

}  // namespace

int count_legal_moves(const Position& p, const Rules& rules) {
  int count = 0;
  for_each_legal_move(p, rules, [&](const Move&) { ++count; });
  return count;
}

int max_legal_moves(const Position& p, const Rules& rules) {
  const Candidates c = find_candidates(p, rules);
  return std::popcount(c.bits) * (twins_possible(p, c) ? 2 : 1);
}

std::uint32_t capture_targets(const Position& p, int side) {
  if (p.hand[side] == 0) return mtaji_capture_targets(p, side);
  // Namua (2.3): any occupied own front pit facing seeds; report the facing pits (own
  // front pit e faces the opponent's 7 - e: the 8 bits reversed).
  return reverse8(gather_top_bits(capture_spots(p, side)));
}

void generate_moves(const Position& p, const Rules& rules, MoveList& out) {
  out.clear();
  for_each_legal_move(p, rules, [&](const Move& m) { out.push_back(m); });
}

Position apply_move(const Position& p, const Move& m, const Rules& rules) {
  Position c = p;
  bool choice = false;
  play<true>(c, m, rules, choice, p);
  return c;
}

bool is_legal(const Position& p, const Move& m, const Rules& rules) {
  MoveList moves;
  generate_moves(p, rules, moves);
  for (const Move& x : moves)
    if (x == m) return true;
  return false;
}

Outcome outcome(const Position& p, const Rules& rules) {
  Side winner;
  if (front_row_decided(p, winner)) return winner == South ? Outcome::SouthWins : Outcome::NorthWins;
  if (count_legal_moves(p, rules) > 0) return Outcome::Ongoing;
  return p.side == South ? Outcome::NorthWins : Outcome::SouthWins;
}

const char* outcome_reason(const Position& p, const Rules& rules) {
  if (p.front_empty(p.side)) return p.side == South ? "South's front row is empty" : "North's front row is empty";
  if (p.front_empty(p.side ^ 1)) return p.side == South ? "North's front row is empty" : "South's front row is empty";
  if (count_legal_moves(p, rules) == 0) return p.side == South ? "South has no legal move" : "North has no legal move";
  return "";
}

#ifdef BAO_MOVE_STATS
MoveStats& move_stats() {
  thread_local MoveStats stats;
  return stats;
}
#endif

std::uint64_t perft(const Position& p, const Rules& rules, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return static_cast<std::uint64_t>(count_legal_moves(p, rules));
  ChildList children;
  generate_children(p, rules, children);

  std::uint64_t total = 0;
  for (const Child& c : children) total += perft(c.pos, rules, depth - 1);
  return total;
}

bool child_if_legal(const Position& p, const Move& m, const Rules& rules, Child& out) {
  return child_if_legal(p, m, rules, find_candidates(p, rules), out);
}

bool child_if_legal(const Position& p, const Move& m, const Rules& rules, const Candidates& cands, Child& out) {
  // Cheap necessary conditions first (most killers, remembered from sibling positions, fail
  // here): a ring pit, a letter, not the takasia-ed pit; the namua stage plays an occupied
  // front pit, the mtaji stage a pit of 2 or more (rules.md 5, 6).
  if (m.pit >= kRing || m.right > 1 || m.pit == p.takasia) return false;
  const int n = p.pits[p.side][m.pit];
  if (p.hand[p.side] > 0 ? (m.pit >= kFront || n == 0) : n < 2) return false;
  // m must be a candidate (rules.md 5, 6); its safari twin is legal only if the move
  // reaches the house choice, as generate_children adds the twin only then.
  const auto base = static_cast<std::uint8_t>(m.flags & ~Move::kSafari);
  if (base != cands.flags || !(cands.bits & candidate_bit(m.pit, m.right)) || m.unused != 0) return false;
  out.move = m;
  out.pos = p;
  bool choice = false;
  if (!play<true>(out.pos, m, rules, choice, p)) return false;
  return !m.safari() || choice;
}

}  // namespace bao
