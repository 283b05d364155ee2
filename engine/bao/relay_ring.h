// The mover's ring during a takasa move and its lap, forward and backward (rules.md 1.3,
// 3.1(6)). Used by the long-move proof (engine/bao/long_moves.h).
//
// RelRing: the mover's 16 pits seen from the pit whose 3.1 decision is next (the pit the
// last lap ended in): byte i (lo bytes 0..7, hi bytes 8..15) is the pit i steps further in
// the sowing direction. At most kSeeds seeds in all, so no byte exceeds 64.
//
// The lap (3.1(6) relay, 1.3 sowing), from a ring x whose byte 0 holds n >= 2: lift the n
// seeds of byte 0, sow them one a pit into the pits after it (so every pit gets n / 16,
// and the n % 16 pits after the lifted one one more), and see the result from the pit the
// last seed fell in. Only lap counts; the rules' decisions between laps (3.1(2), (4), (5))
// are the caller's.
//
// The lap is one-to-one, and its inverse is cheap. Let y = lap(x), n = 16q + r (r < 16).
// In y the lifted pit lies r pits behind byte 0 (at byte (16 - r) % 16) and holds q: it
// was emptied and then got one seed a round. Every other pit got at least q, and the r
// pits from the lifted one's successor up to byte 0 got q + 1, so they hold more than q.
// Hence q = m, the smallest byte of y, and the lifted pit is the first byte holding m met
// going backwards from byte 0 (byte 0, 15, 14, ...): r is its distance from byte 0. A
// ring y has a predecessor iff 16m + r >= 2, and then exactly one (unlap). Consequence for
// long moves: the laps of a takasa move without a special pit form an orbit of a
// one-to-one map, so a move that never ends is purely periodic (if its states repeat,
// the first to come back is the first state), and its period can be walked from both
// ends at once: forward with lap, backward with unlap, until the two walks meet.
// Tested exhaustively on small rings and at random on large ones
// (tests/engine_relay_ring_test.cpp).
#pragma once

#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BAO_RELAY_RING_X86 1
#include <immintrin.h>
#else
#define BAO_RELAY_RING_X86 0
#endif

namespace bao {

struct RelRing {
  std::uint64_t lo = 0, hi = 0;
  bool operator==(const RelRing&) const = default;
};

namespace relay_ring_detail {

inline constexpr int kMaxSeeds = 64;  // = kSeeds (engine/bao/position.h), asserted in relay_ring.cpp

// kLap[n]: what a lap of n seeds adds to the ring turned by n % 16, with the lifted pit's n
// seeds taken out (so the lap is turn + add, and no byte clearing on the way). Turned,
// byte i is byte (i + n) % 16 before: the lifted pit (byte 0 before) is byte (16 - n % 16)
// % 16; it keeps n / 16 of the n it held. Per 64-bit word the sum stays within every byte
// (the word holds the n it loses), so the words add without carries between bytes or words.
struct LapTable {
  std::uint64_t lo[kMaxSeeds + 1], hi[kMaxSeeds + 1];
};
constexpr LapTable make_lap_table() {
  LapTable t{};
  for (int n = 0; n <= kMaxSeeds; ++n) {
    std::uint64_t w[2] = {0, 0};
    for (int i = 0; i < 16; ++i) {
      const int j = (i + n) % 16;  // the byte before turning
      const std::uint64_t seeds = n / 16 + (j >= 1 && j <= n % 16 ? 1 : 0);
      w[i / 8] += seeds << (8 * (i % 8));
    }
    const int lifted = (16 - n % 16) % 16;
    w[lifted / 8] -= static_cast<std::uint64_t>(n) << (8 * (lifted % 8));
    t.lo[n] = w[0];
    t.hi[n] = w[1];
  }
  return t;
}
alignas(64) inline constexpr LapTable kLap = make_lap_table();

// Byte i of the result is byte (i + k) % 16 of r (k < 16); no branch on k.
inline RelRing turn(RelRing r, unsigned k) {
  unsigned __int128 v = static_cast<unsigned __int128>(r.hi) << 64 | r.lo;
  const unsigned s = 8 * (k & 15);
  v = (v >> s) | (v << ((128 - s) & 127));
  return RelRing{static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(v >> 64)};
}

}  // namespace relay_ring_detail

// One lap from x (byte 0 >= 2), in plain C++.
inline RelRing lap_portable(RelRing x) {
  using namespace relay_ring_detail;
  const unsigned n = static_cast<unsigned>(x.lo & 0xff);
  RelRing y = turn(x, n & 15);
  y.lo += kLap.lo[n];
  y.hi += kLap.hi[n];
  return y;
}

// One lap from x (byte 0 >= 2); the same as lap_portable. A long proof is a chain of laps,
// each waiting for the one before, so what counts is the latency of one: on x86-64 the
// turn is written out (the shift count 8 n needs no masking, since shrd takes it modulo
// 64, and the halves swap by cmov when n & 8, where compilers emit a mispredicted branch).
inline RelRing lap(RelRing x) {
#if BAO_RELAY_RING_X86
  using namespace relay_ring_detail;
  const std::uint64_t n = x.lo & 0xff;
  std::uint64_t lo = x.lo, hi = x.hi, t = x.lo, count;
  asm("lea (,%[lo],8), %[c]\n\t"
      "shrd %%cl, %[hi], %[lo]\n\t"
      "shrd %%cl, %[t], %[hi]\n\t"
      "test $64, %%cl\n\t"
      "mov %[lo], %[t]\n\t"
      "cmovne %[hi], %[lo]\n\t"
      "cmovne %[t], %[hi]\n\t"
      : [lo] "+&r"(lo), [hi] "+&r"(hi), [t] "+&r"(t), [c] "=&c"(count)
      :
      : "cc");
  return RelRing{lo + kLap.lo[n], hi + kLap.hi[n]};
#else
  return lap_portable(x);
#endif
}

// The ring x with lap(x) == y and byte 0 of x at least 2, if there is one (there is at most
// one; see the top of this file): true and x set, or false. Byte by byte, as the argument
// above reads: the reference the SSE4.1 backward lap below is tested against (the proof
// walks backward only with that one; without SSE4.1 it walks forward alone, since this
// loop over 16 bytes would be slower than the forward laps it saves).
bool unlap(RelRing y, RelRing& x);

#if BAO_RELAY_RING_X86
// Whether this CPU has SSE4.1 (unlap(UnlapKeys&)'s instructions); read once.
bool have_sse41();

// unlap for SSE4.1 (only where have_sse41()), on a ring kept as sixteen 16-bit keys, one a
// pit in a fixed order (pit i = byte i of the ring the keys were made from): byte << 8 |
// d << 4, d = how many pits the pit lies behind the one whose decision is next. The
// smallest key is then the lifted pit of unlap (smallest byte m, nearest behind, at d = r),
// and one subtraction of that key from every key makes the predecessor: m off every byte,
// r off every d -- and where d < r (the r pits that got one seed more) the borrow takes
// the one seed off the byte and d wraps by 16 in its nibble. The lifted pit's key becomes 0
// and is set to n << 8 = key << 4 (n = 16 m + r). So a backward lap is a phminposuw, a
// broadcast and three word operations, with no turn of the ring (the keys stay in place;
// `at` follows the pit whose decision is next).
struct UnlapKeys {
  __m128i lo, hi;  // keys of pits 0-7 and 8-15
  unsigned at;     // the pit (0-15) whose decision is next
};

[[gnu::target("sse4.1")]] inline UnlapKeys unlap_keys(RelRing y) {
  const __m128i bytes = _mm_set_epi64x(static_cast<long long>(y.hi), static_cast<long long>(y.lo));
  const __m128i behind = _mm_setr_epi8(0, -16, -32, -48, -64, -80, -96, -112, -128, 112, 96, 80, 64, 48, 32, 16);
  return UnlapKeys{_mm_unpacklo_epi8(behind, bytes), _mm_unpackhi_epi8(behind, bytes), 0};
}

// One backward lap; false (and k meaningless from then on) when the ring has no predecessor.
[[gnu::target("sse4.1")]] inline bool unlap(UnlapKeys& k) {
  const __m128i least = _mm_minpos_epu16(_mm_min_epu16(k.lo, k.hi));  // word 0: m << 8 | r << 4
  const __m128i key = _mm_shuffle_epi8(least, _mm_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1));
  const __m128i n = _mm_slli_epi16(key, 4);
  const __m128i lifted_lo = _mm_and_si128(_mm_cmpeq_epi16(k.lo, key), n);
  const __m128i lifted_hi = _mm_and_si128(_mm_cmpeq_epi16(k.hi, key), n);
  k.lo = _mm_add_epi16(_mm_sub_epi16(k.lo, key), lifted_lo);
  k.hi = _mm_add_epi16(_mm_sub_epi16(k.hi, key), lifted_hi);
  const unsigned w = static_cast<unsigned>(_mm_cvtsi128_si32(least)) & 0xffff;
  k.at = (k.at - (w >> 4)) & 15;
  return w >= 0x20;  // n = 16 m + r >= 2
}

namespace relay_ring_detail {
struct TurnMasks {
  alignas(16) std::uint8_t at[16][16];
};
constexpr TurnMasks make_turn_masks() {
  TurnMasks t{};
  for (int p = 0; p < 16; ++p)
    for (int i = 0; i < 16; ++i) t.at[p][i] = static_cast<std::uint8_t>((p + i) & 15);
  return t;
}
inline constexpr TurnMasks kTurnMasks = make_turn_masks();
}  // namespace relay_ring_detail

// The ring the keys hold, seen from the pit whose decision is next.
[[gnu::target("sse4.1")]] inline RelRing ring_of(const UnlapKeys& k) {
  __m128i y = _mm_packus_epi16(_mm_srli_epi16(k.lo, 8), _mm_srli_epi16(k.hi, 8));
  y = _mm_shuffle_epi8(y, _mm_load_si128(reinterpret_cast<const __m128i*>(relay_ring_detail::kTurnMasks.at[k.at])));
  return RelRing{static_cast<std::uint64_t>(_mm_cvtsi128_si64(y)), static_cast<std::uint64_t>(_mm_extract_epi64(y, 1))};
}
#endif

}  // namespace bao
