// Depth-first proof-number search (df-pn; Nagai, "Df-pn algorithm for searching AND/OR
// trees and its applications", 2002) for win/loss games, on the Game concept.
//
// prove(s, attacker) answers "can `attacker` force a win from s?": Proven (yes, with a
// proof in the table), Disproven (no proof exists under the treatment of repetitions
// below) or Open (the budget ran out). A node is an OR node when
// g.side_to_move(node) == attacker, whoever moved into it, so games where a side may move
// twice in a row are handled as well as alternating ones.
//
// Thresholds follow Nagai's MID with the 1+epsilon trick of Pawlewicz and Lew ("Improving
// depth-first PN-search: 1+epsilon trick", 2006): a child is searched until its number
// exceeds the second-best sibling's by a quarter, which keeps the search from bouncing
// between two siblings of nearly equal numbers.
//
// Repetitions (the graph-history interaction of df-pn, Kishimoto and Mueller 2004): a child
// that is already on the current search path counts as not won by the attacker (pn = inf,
// dn = 0), and so does a node more than max_path plies below the root (a game-length cap
// on the search path, not on the game). Either can only remove wins, never create one, so
// every Proven answer is a real forced win that reaches the end of the game in a finite
// number of plies whatever the defender does, whatever the history: proofs are exact.
// A disproof that used a repetition is marked path-dependent in the table; it is still
// reused on other paths (the search may then miss a win: it is sound, not complete), and
// a caller learns from `disproof_used_path()` whether a root disproof relied on one.
//
// The table is a fixed array of 4-entry buckets keyed by the full 64-bit hash; a slot is
// given to a new node by evicting the entry with the least work (nodes spent below it),
// decided entries before open ones only when they did less work.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "search/solver/budget.h"

namespace bao::search::solver {

using Pn = std::uint32_t;
inline constexpr Pn kInf = 0x3fffffffu;  // infinity; finite sums saturate at kInf - 1

enum class Verdict { Proven, Disproven, Open };

inline Pn pn_add(Pn a, Pn b) {
  if (a >= kInf || b >= kInf) return kInf;
  return std::min<Pn>(a + b, kInf - 1);
}

// Proof or disproof numbers with what a decided node needs: its proof depth (plies of the
// longest line of the proof below it: an upper bound on the distance to the end under the
// proof's strategy) and whether a disproof relied on a repetition or the path cap.
struct PnValue {
  Pn pn = 1, dn = 1;
  std::uint16_t depth = 0;
  bool path_dep = false;
};

template <class G>
class Dfpn {
 public:
  using State = typename G::State;
  using Children = typename G::Children;

  struct Entry {
    std::uint64_t key = 0;
    Pn pn = 1, dn = 1;
    std::uint32_t work = 0;
    std::uint16_t depth = 0;
    std::uint8_t path_dep = 0;
    std::uint8_t used = 0;
  };

  Dfpn(const G& g, std::size_t table_mb, int max_path = 1000) : g_(g), max_path_(max_path) {
    std::size_t buckets = 1;
    while ((buckets * 2) * kWays * sizeof(Entry) <= table_mb * (std::size_t{1} << 20)) buckets *= 2;
    table_.assign(buckets * kWays, Entry{});
    mask_ = buckets - 1;
  }

  // Forgets every table entry (between the attacker's and the defender's runs).
  void clear() {
    std::fill(table_.begin(), table_.end(), Entry{});
    used_ = 0;
  }

  Verdict prove(const State& s, int attacker, Budget& budget) {
    attacker_ = attacker;
    budget_ = &budget;
    const PnValue v = root_value(s);
    if (v.pn == 0) return Verdict::Proven;
    if (v.dn == 0) return Verdict::Disproven;
    return Verdict::Open;
  }
  // After prove(): whether the root's disproof relied on a repetition or the path cap.
  bool disproof_used_path() const { return root_.path_dep; }
  const PnValue& root() const { return root_; }
  int attacker() const { return attacker_; }

  // The table's entry for a state, or null.
  const Entry* find(const State& s) const { return find_key(g_.hash(s)); }
  // Re-proves a node whose entry was evicted (the proof writer's fallback); true if
  // proven within the budget.
  bool reprove(const State& s, Budget& budget) {
    budget_ = &budget;
    const PnValue v = root_value(s);
    return v.pn == 0;
  }
  double table_fill() const { return table_.empty() ? 0 : static_cast<double>(used_) / table_.size(); }
  std::string bound_text() const {
    return "root pn " + std::to_string(root_pn_) + " dn " + std::to_string(root_dn_) + " table " +
           std::to_string(static_cast<int>(100 * table_fill())) + "%";
  }

 private:
  static constexpr std::size_t kWays = 4;

  struct ChildInfo {
    PnValue v;
    std::uint8_t fixed = 0;  // terminal or on the path: never looked up again
  };

  PnValue root_value(const State& s) {
    path_.clear();
    const int q = g_.quick_winner(s);
    if (q >= 0) return root_ = decided(q == attacker_, 0, false);
    root_ = mid(s, kInf, kInf, 0);
    return root_;
  }

  static PnValue decided(bool won, std::uint16_t depth, bool path_dep) {
    PnValue v;
    v.pn = won ? 0 : kInf;
    v.dn = won ? kInf : 0;
    v.depth = depth;
    v.path_dep = path_dep;
    return v;
  }

  const Entry* find_key(std::uint64_t key) const {
    const Entry* b = &table_[(key & mask_) * kWays];
    for (std::size_t i = 0; i < kWays; ++i)
      if (b[i].used && b[i].key == key) return &b[i];
    return nullptr;
  }

  void store(std::uint64_t key, const PnValue& v, std::uint64_t work) {
    Entry* b = &table_[(key & mask_) * kWays];
    Entry* slot = nullptr;
    for (std::size_t i = 0; i < kWays && !slot; ++i)
      if (b[i].used && b[i].key == key) slot = &b[i];
    PnValue w = v;
    if (slot) {
      work += slot->work;
      // Stored numbers never decrease, and a decided entry stays decided (a proof over any
      // disproof; a disproof independent of the path over a dependent one). A node met
      // on another path can otherwise be given smaller numbers than before, and siblings
      // on a cycle can pass the search back and forth for ever; with monotone numbers each
      // return from a child raises one of them past a threshold, so MID terminates.
      const bool old_proof = slot->pn == 0, old_disproof = slot->dn == 0;
      if (old_proof || (old_disproof && v.pn != 0)) {
        slot->work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu));
        if (old_disproof && v.dn == 0) slot->path_dep = slot->path_dep && v.path_dep;
        return;
      }
      if (v.pn != 0 && v.dn != 0) {
        w.pn = std::max(v.pn, slot->pn);
        w.dn = std::max(v.dn, slot->dn);
      }
    } else {
      for (std::size_t i = 0; i < kWays && !slot; ++i)
        if (!b[i].used) slot = &b[i], ++used_;
      if (!slot) {
        slot = &b[0];
        for (std::size_t i = 1; i < kWays; ++i)
          if (b[i].work < slot->work) slot = &b[i];
      }
    }
    slot->key = key;
    slot->pn = w.pn;
    slot->dn = w.dn;
    slot->depth = w.depth;
    slot->path_dep = w.path_dep;
    slot->work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu));
    slot->used = 1;
  }

  // The weak sum of weak proof-number search (Ueda, Hashimoto, Hashimoto and Iida, "Weak
  // proof-number search", 2008): the largest number plus one per other open child, in
  // place of the sum. Bao's positions transpose and repeat; a sum counts a shared or
  // cyclic subgraph once per path into it, so the numbers grow exponentially on a cycle
  // and saturate, after which no threshold can be passed. `extra` is the count added.
  static Pn weak_sum(const ChildInfo* c, int n, bool pn_side, Pn& extra) {
    Pn most = 0;
    int open = 0;
    for (int i = 0; i < n; ++i) {
      const Pn x = pn_side ? c[i].v.pn : c[i].v.dn;
      if (x >= kInf) return extra = 0, kInf;
      if (x != 0) ++open, most = std::max(most, x);
    }
    extra = open > 0 ? static_cast<Pn>(open - 1) : 0;
    return open == 0 ? 0 : pn_add(most, extra);
  }

  // The node's numbers from its children's: OR takes the min pn and the weak sum of dn,
  // AND the reverse. best: the child to search; second: the runner-up's number.
  PnValue combine(bool is_or, const ChildInfo* c, int n, int& best, Pn& second, Pn& extra) const {
    PnValue v;
    best = -1;
    second = kInf;
    Pn least = kInf;
    for (int i = 0; i < n; ++i) {
      const Pn x = is_or ? c[i].v.pn : c[i].v.dn;
      if (best < 0 || x < least) {
        if (best >= 0) second = std::min(second, least);
        least = x;
        best = i;
      } else {
        second = std::min(second, x);
      }
    }
    const Pn sum = weak_sum(c, n, !is_or, extra);
    v.pn = is_or ? least : sum;
    v.dn = is_or ? sum : least;
    if (v.pn == 0) {
      // OR: the shortest proven child; AND: the longest.
      int depth = is_or ? 0xffff : 0;
      for (int i = 0; i < n; ++i)
        if (c[i].v.pn == 0) depth = is_or ? std::min<int>(depth, c[i].v.depth) : std::max<int>(depth, c[i].v.depth);
      v.depth = static_cast<std::uint16_t>(std::min(depth + 1, 0xfffe));
    }
    if (v.dn == 0) {
      // OR (all children disproved): path-dependent if any is. AND (one disproves it):
      // path-dependent unless some disproving child is not.
      bool any_dep = false, independent = false;
      for (int i = 0; i < n; ++i) {
        any_dep = any_dep || c[i].v.path_dep;
        independent = independent || (c[i].v.dn == 0 && !c[i].v.path_dep);
      }
      v.path_dep = is_or ? any_dep : !independent;
    }
    return v;
  }

  static Pn grow(Pn x) {  // 1 + epsilon, epsilon = 1/4
    if (x >= kInf) return kInf;
    return static_cast<Pn>(std::min<std::uint64_t>(std::uint64_t{x} + x / 4 + 1, kInf - 1));
  }

  PnValue mid(const State& s, Pn thpn, Pn thdn, int ply) {
    const std::uint64_t key = g_.hash(s);
    const std::uint64_t nodes_before = budget_->nodes();
    if (budget_->tick([this] { return bound_text(); })) {
      const Entry* e = find_key(key);
      PnValue v;
      if (e) v.pn = e->pn, v.dn = e->dn, v.depth = e->depth, v.path_dep = e->path_dep;
      return v;
    }
    const bool is_or = g_.side_to_move(s) == attacker_;
    if (ply >= max_path_) {
      const PnValue v = decided(false, 0, true);
      store(key, v, 1);
      return v;
    }
    Children kids;
    g_.children(s, kids);
    const int n = static_cast<int>(kids.size());
    if (n == 0) {
      const PnValue v = decided(g_.winner(s) == attacker_, 0, false);
      store(key, v, 1);
      return v;
    }
    path_.insert(key);
    ChildInfo info[G::Children::static_capacity];
    for (int i = 0; i < n; ++i) {
      const State& c = kids[i].pos;
      const int q = g_.quick_winner(c);
      if (q >= 0) {
        info[i].v = decided(q == attacker_, 0, false);
        info[i].fixed = 1;
      } else if (path_.count(g_.hash(c))) {
        info[i].v = decided(false, 0, true);
        info[i].fixed = 1;
      }
    }
    PnValue v;
    for (;;) {
      for (int i = 0; i < n; ++i) {
        if (info[i].fixed) continue;
        if (const Entry* e = find_key(g_.hash(kids[i].pos))) {
          info[i].v.pn = e->pn;
          info[i].v.dn = e->dn;
          info[i].v.depth = e->depth;
          info[i].v.path_dep = e->path_dep;
        }
      }
      int best;
      Pn second, extra;
      v = combine(is_or, info, n, best, second, extra);
      if (ply == 0) root_pn_ = v.pn, root_dn_ = v.dn;
      if (v.pn >= thpn || v.dn >= thdn || budget_->stopped()) break;
      // Saturated numbers (kInf - 1) can pass no threshold: give up on the node (open).
      if (v.pn == kInf - 1 || v.dn == kInf - 1) break;
      ChildInfo& b = info[best];
      Pn cpn, cdn;
      if (is_or) {
        cpn = std::min(thpn, grow(second));
        cdn = thdn - extra;  // the child at cdn puts the weak sum at thdn or more
      } else {
        cdn = std::min(thdn, grow(second));
        cpn = thpn - extra;
      }
      b.v = mid(kids[best].pos, cpn, cdn, ply + 1);
    }
    path_.erase(key);
    store(key, v, budget_->nodes() - nodes_before);
    return v;
  }

  const G& g_;
  int max_path_;
  int attacker_ = 0;
  Budget* budget_ = nullptr;
  std::vector<Entry> table_;
  std::size_t mask_ = 0, used_ = 0;
  std::unordered_set<std::uint64_t> path_;
  PnValue root_;
  Pn root_pn_ = 1, root_dn_ = 1;
};

}  // namespace bao::search::solver
