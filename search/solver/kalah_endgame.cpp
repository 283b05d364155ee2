#include "search/solver/kalah_endgame.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <functional>

#include "engine/error.h"

namespace bao::search::solver {

namespace {

std::string rules_text(const kalah::KalahRules& r, int k) {
  return "kalah-endgame 1 houses=" + std::to_string(r.houses) +
         " empty_capture=" + (r.empty_capture ? "true" : "false") +
         " end=" + (r.end == kalah::EndRule::Either ? "either" : "mover") + " seeds=" + std::to_string(k);
}

}  // namespace

KalahEndgameDb::KalahEndgameDb(const kalah::KalahRules& rules, int seeds, Empty)
    : rules_(rules), k_(seeds), moves_(rules) {
  // moves_ checked the rules. A value is a signed byte within +-seeds; -128 marks "not yet".
  if (seeds < 0 || seeds > 126)
    throw InputError("endgame database: seeds must be 0 to 126, found " + std::to_string(seeds));
  const int n = k_ + 2 * rules_.houses + 2;
  binom_.assign(n + 1, std::vector<std::uint64_t>(n + 1, 0));
  for (int i = 0; i <= n; ++i) {
    binom_[i][0] = 1;
    for (int j = 1; j <= i; ++j) binom_[i][j] = binom_[i - 1][j - 1] + (j < i ? binom_[i - 1][j] : 0);
  }
  const std::uint64_t positions = 2 * binom_[k_ + 2 * rules_.houses][2 * rules_.houses];
  if (positions > (std::uint64_t{1} << 32))
    throw InputError("endgame database: " + std::to_string(positions) + " positions for " +
                     std::to_string(rules_.houses) + " houses and " + std::to_string(k_) +
                     " seeds, above 4 GiB; give fewer seeds");
  const int cells = 2 * rules_.houses;
  below_.assign(static_cast<std::size_t>(cells) * (k_ + 1), 0);
  for (int cell = 0; cell < cells; ++cell)
    for (int t = 0; t <= k_; ++t) below_[cell * (k_ + 1) + t] = binom_[t + cells - cell][cells - cell];
  values_ = PageArray<std::int8_t>(positions);
  std::memset(values_.data(), kUnknown, values_.size());
}

KalahEndgameDb::KalahEndgameDb(const kalah::KalahRules& rules, int seeds) : KalahEndgameDb(rules, seeds, Empty{}) {
  // Every house vector with sum <= k, both sides to move.
  const int cells = 2 * rules_.houses;
  kalah::KalahState s;
  std::function<void(int, int)> fill = [&](int cell, int left) {
    if (cell == cells) {
      for (int side = 0; side < 2; ++side) {
        s.side = static_cast<std::uint8_t>(side);
        compute(s);
      }
      return;
    }
    const int side = cell / rules_.houses, house = cell % rules_.houses;
    for (int c = 0; c <= left; ++c) {
      s.house(side, house) = static_cast<std::uint8_t>(c);
      fill(cell + 1, left - c);
    }
    s.house(side, house) = 0;
  };
  fill(0, k_);
}

std::string KalahEndgameDb::header() const { return rules_text(rules_, k_); }

// The rank of the house vector among the vectors of its length with sum <= k: for each
// cell, the vectors that agree before it and hold fewer seeds there, counted by
// sum_{c < v} C(t - c + r, r) = C(t + r + 1, r + 1) - C(t - v + r + 1, r + 1) (r cells
// after it, t seeds left).
std::size_t KalahEndgameDb::index(const kalah::KalahState& s) const {
  const int m = rules_.houses;
  std::uint64_t rank = 0;
  int t = k_;
  const std::uint64_t* below = below_.data();
  for (int side = 0; side < 2; ++side)
    for (int i = 0; i < m; ++i, below += k_ + 1) {
      const int v = s.house(side, i);
      rank += below[t] - below[t - v];
      t -= v;
    }
  return static_cast<std::size_t>(rank * 2 + s.side);
}

int KalahEndgameDb::compute(const kalah::KalahState& s) {
  std::int8_t& slot = values_[index(s)];
  if (slot != kUnknown) return slot;
  int value;
  if (kalah::game_over(s, rules_)) {
    value = kalah::row_seeds(s, 0, rules_) - kalah::row_seeds(s, 1, rules_);
  } else {
    kalah::KalahChildren kids;
    moves_.children(s, kids);  // the game goes on: tested above
    const bool south = s.side == 0;
    const int banked = s.store(0) - s.store(1);
    value = south ? -1000 : 1000;
    for (auto& c : kids) {
      const int gain = c.pos.store(0) - c.pos.store(1) - banked;
      c.pos.store(0) = c.pos.store(1) = 0;  // the rest depends on the houses only
      const int v = gain + compute(c.pos);
      value = south ? std::max(value, v) : std::min(value, v);
    }
  }
  slot = static_cast<std::int8_t>(value);  // values_ never moves: the reference holds
  return value;
}

void KalahEndgameDb::save(const std::string& path) const {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError("endgame database: cannot open '" + path + "' for writing");
  out << header() << "\n";
  out.write(reinterpret_cast<const char*>(values_.data()), static_cast<std::streamsize>(values_.size()));
  if (!out) throw InputError("endgame database: writing '" + path + "' failed");
}

KalahEndgameDb KalahEndgameDb::load(const std::string& path, const kalah::KalahRules& rules, int seeds) {
  KalahEndgameDb db(rules, seeds, Empty{});
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("endgame database: cannot open '" + path + "'");
  std::string line;
  std::getline(in, line);
  if (line != db.header())
    throw InputError("endgame database '" + path + "': its header is '" + line.substr(0, 100) + "', expected '" +
                     db.header() + "'");
  in.read(reinterpret_cast<char*>(db.values_.data()), static_cast<std::streamsize>(db.values_.size()));
  if (in.gcount() != static_cast<std::streamsize>(db.values_.size()) || in.peek() != EOF)
    throw InputError("endgame database '" + path + "': expected " + std::to_string(db.values_.size()) +
                     " values after the header");
  for (std::int8_t v : db.values_)
    if (v == kUnknown) throw InputError("endgame database '" + path + "': a value is missing");
  return db;
}

}  // namespace bao::search::solver
