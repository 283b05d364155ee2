#include "engine/bao/position.h"

namespace bao {
namespace {

// 64x64 -> 128-bit multiply folded to 64 bits: a fast, well-mixing step (as in wyhash).
inline std::uint64_t fold_mul(std::uint64_t a, std::uint64_t b) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

}  // namespace

// Why not Zobrist: a move changes dozens of pit counts, so a per-seed Zobrist update
// costs more than hashing the 40 bytes once at the end of the move. The constants have
// bytes above 64, so no word of a position can cancel them to zero.
std::uint64_t Position::compute_key() const {
  std::uint64_t w[5];
  std::memcpy(w, this, sizeof w);
  const std::uint64_t h = fold_mul(w[0] ^ 0xa0761d6478bd642full, w[1] ^ 0xe7037ed1a0b428dbull) ^
                          fold_mul(w[2] ^ 0x8ebc6af09c88c6e3ull, w[3] ^ 0x589965cc75374cc3ull);
  return fold_mul(h ^ 0x1d8e4e27c47d124full, w[4] ^ 0xd6e8feb86659fd93ull);
}

Position empty_position() {
  Position p;
  std::memset(&p, 0, sizeof p);
  p.takasia = kNoPit;
  p.refresh_key();
  return p;
}

Position start_position(Variant v) {
  Position p = empty_position();
  if (v == Variant::Kiswahili) {
    for (int s = 0; s < 2; ++s) {
      p.pits[s][4] = 6;  // pit 5, the house
      p.pits[s][5] = 2;
      p.pits[s][6] = 2;
      p.hand[s] = kMaxHand;
    }
    p.houses = 3;
  } else {
    for (int s = 0; s < 2; ++s)
      for (int r = 0; r < kRing; ++r) p.pits[s][r] = 2;
  }
  p.refresh_key();
  return p;
}

bool front_row_decided(const Position& p, Side& winner) {
  const int s = p.side;
  if (p.front_empty(s)) {
    winner = static_cast<Side>(s ^ 1);
    return true;
  }
  if (p.front_empty(s ^ 1)) {
    winner = static_cast<Side>(s);
    return true;
  }
  return false;
}

}  // namespace bao
