#include "engine/checkers/movegen.h"

#include <array>

namespace bao::checkers {
namespace {

// kNext[sq][d]: the square one step from sq towards d, or -1 off the board.
constexpr std::array<std::array<std::int8_t, 4>, kSquares> make_next() {
  std::array<std::array<std::int8_t, 4>, kSquares> t{};
  for (int sq = 0; sq < kSquares; ++sq)
    for (int d = 0; d < 4; ++d) {
      const std::uint32_t b = step(std::uint32_t{1} << sq, d);
      t[sq][d] = static_cast<std::int8_t>(b ? std::countr_zero(b) : -1);
    }
  return t;
}
constexpr auto kNext = make_next();

std::uint32_t bit(int sq) { return std::uint32_t{1} << sq; }

// What every jump of one capture sequence shares.
struct Capture {
  int from;
  bool king;
  unsigned dirs;        // directions the piece may jump in
  std::uint32_t opp;    // opposing pieces (taken ones stay until the move ends)
  std::uint32_t empty;  // empty squares, the mover's own square included
  std::uint32_t crown;  // where a man is crowned
};

// The child of s after a move from `from` to `to` taking `captured`.
template <bool kKey = true>
State make_child(const State& s, int from, int to, std::uint32_t captured) {
  State c = s;
  const int me = s.side;
  const std::uint32_t fb = bit(from), tb = bit(to);
  const bool king = s.kings & fb;
  c.pieces[me] = (s.pieces[me] & ~fb) | tb;
  c.pieces[me ^ 1] = s.pieces[me ^ 1] & ~captured;
  c.kings = (s.kings & ~fb & ~captured) | (king || (tb & kCrownRow[me]) ? tb : 0);
  c.side = static_cast<std::uint8_t>(me ^ 1);
  // A capture or a man move restarts the draw-rule count.
  c.quiet = (captured || !king) ? 0 : static_cast<std::uint8_t>(s.quiet < 255 ? s.quiet + 1 : 255);
  if constexpr (kKey) c.refresh_key();
  return c;
}

// Depth-first over the jumps from sq; emit(move) for every complete sequence. Returns
// whether a jump was possible from sq.
template <class Emit>
void jumps(const Capture& c, int sq, Move& m, Emit& emit) {
  bool any = false;
  for (int d = 0; d < 4; ++d) {
    if (!((c.dirs >> d) & 1)) continue;
    const int mid = kNext[sq][d];
    if (mid < 0 || !(c.opp & ~m.captured & bit(mid))) continue;
    const int land = kNext[mid][d];
    if (land < 0 || !(c.empty & bit(land))) continue;
    any = true;
    const Move saved = m;
    m.captured |= bit(mid);
    m.dirs |= static_cast<std::uint32_t>(d) << (2 * m.jumps);
    ++m.jumps;
    m.to = static_cast<std::uint8_t>(land);
    if (!c.king && (c.crown & bit(land)))
      emit(m);  // crowned: the move ends here
    else
      jumps(c, land, m, emit);
    m = saved;
  }
  if (!any && m.jumps > 0) emit(m);
}

// The number of complete sequences from sq (1 when no jump is possible and one was made).
std::uint64_t count_jumps(const Capture& c, int sq, std::uint32_t captured) {
  std::uint64_t n = 0;
  bool any = false;
  for (int d = 0; d < 4; ++d) {
    if (!((c.dirs >> d) & 1)) continue;
    const int mid = kNext[sq][d];
    if (mid < 0 || !(c.opp & ~captured & bit(mid))) continue;
    const int land = kNext[mid][d];
    if (land < 0 || !(c.empty & bit(land))) continue;
    any = true;
    n += (!c.king && (c.crown & bit(land))) ? 1 : count_jumps(c, land, captured | bit(mid));
  }
  return any ? n : 1;
}

struct Sides {
  std::uint32_t own, opp, empty, kings;
  std::uint32_t movers[4];  // [dir]: the own pieces that may move towards dir
};
Sides sides(const State& s) {
  Sides x;
  x.own = s.pieces[s.side];
  x.opp = s.pieces[s.side ^ 1];
  x.empty = s.empty();
  x.kings = x.own & s.kings;
  for (int d = 0; d < 4; ++d) x.movers[d] = ((kForwardDirs[s.side] >> d) & 1) ? x.own : x.kings;
  return x;
}

std::uint32_t capturers(const Sides& x) {
  std::uint32_t from = 0;
  for (int d = 0; d < 4; ++d) {
    const std::uint32_t land = step(step(x.movers[d], d) & x.opp, d) & x.empty;
    from |= step(step(land, opposite(d)), opposite(d));
  }
  return from;
}

Capture capture_of(const State& s, const Sides& x, int from) {
  const bool king = x.kings & bit(from);
  return Capture{from, king, king ? 15u : kForwardDirs[s.side], x.opp, x.empty | bit(from), kCrownRow[s.side]};
}

// Calls emit(move) for every legal move of s, in the documented order.
template <class Emit>
void for_each_move(const State& s, Emit&& emit) {
  const Sides x = sides(s);
  if (std::uint32_t from = capturers(x)) {
    for (; from; from &= from - 1) {
      const int sq = std::countr_zero(from);
      Move m;
      m.from = static_cast<std::uint8_t>(sq);
      jumps(capture_of(s, x, sq), sq, m, emit);
    }
    return;
  }
  for (std::uint32_t own = x.own; own; own &= own - 1) {
    const int sq = std::countr_zero(own);
    for (int d = 0; d < 4; ++d) {
      if (!(x.movers[d] & bit(sq))) continue;
      const int to = kNext[sq][d];
      if (to < 0 || !(x.empty & bit(to))) continue;
      Move m;
      m.from = static_cast<std::uint8_t>(sq);
      m.to = static_cast<std::uint8_t>(to);
      m.dirs = static_cast<std::uint32_t>(d);
      emit(m);
    }
  }
}

}  // namespace

void generate_children(const State& s, Children& out) {
  out.clear();
  for_each_move(s, [&](Move m) {
    m.index = static_cast<std::uint8_t>(out.size());
    out.push_back(Child{m, make_child(s, m.from, m.to, m.captured)});
  });
}

void generate_moves(const State& s, MoveList& out) {
  out.clear();
  for_each_move(s, [&](Move m) {
    m.index = static_cast<std::uint8_t>(out.size());
    out.push_back(m);
  });
}

std::uint64_t count_moves(const State& s) {
  const Sides x = sides(s);
  if (std::uint32_t from = capturers(x)) {
    std::uint64_t n = 0;
    for (; from; from &= from - 1) {
      const int sq = std::countr_zero(from);
      n += count_jumps(capture_of(s, x, sq), sq, 0);
    }
    return n;
  }
  std::uint64_t n = 0;
  for (int d = 0; d < 4; ++d) n += popcount(step(x.movers[d], d) & x.empty);
  return n;
}

std::uint32_t capturers(const State& s) { return capturers(sides(s)); }

// perft's own walk: each child made in place of a list (steps by direction, with
// bitboards), without the hash, which perft never reads.
std::uint64_t perft_walk(const State& s, int depth) {
  if (depth <= 1) return depth <= 0 ? 1 : count_moves(s);
  const Sides x = sides(s);
  std::uint64_t n = 0;
  if (std::uint32_t from = capturers(x)) {
    auto emit = [&](const Move& m) { n += perft_walk(make_child<false>(s, m.from, m.to, m.captured), depth - 1); };
    for (; from; from &= from - 1) {
      const int sq = std::countr_zero(from);
      Move m;
      m.from = static_cast<std::uint8_t>(sq);
      jumps(capture_of(s, x, sq), sq, m, emit);
    }
    return n;
  }
  for (int d = 0; d < 4; ++d)
    for (std::uint32_t to = step(x.movers[d], d) & x.empty; to; to &= to - 1) {
      const int t = std::countr_zero(to);
      n += perft_walk(make_child<false>(s, kNext[t][opposite(d)], t, 0), depth - 1);
    }
  return n;
}

State apply(const State& s, const Move& m) { return make_child(s, m.from, m.to, m.captured); }

int landing(const Move& m, int k) {
  int sq = m.from;
  for (int j = 0; j <= k; ++j) sq = kNext[kNext[sq][m.dir(j)]][m.dir(j)];
  return sq;
}

}  // namespace bao::checkers
