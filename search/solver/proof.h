// Proof trees of a win as text, written from df-pn's table and checked by replaying them
// with the game's move generator alone (no search), on the Game concept.
//
// The body is a sequence of whitespace-separated tokens, read in the order of a depth-first
// walk of the proof from the root:
//   * at a node where the winner ("prover") moves: his move, as the adapter writes it,
//     then the proof below it; or "=" when the same position was proved earlier in the
//     file (a transposition: its proof is not repeated);
//   * at a node where the other side moves: nothing; every legal move of it follows, in
//     the order g.children gives them, each with its proof;
//   * at the end of the game: nothing (the checker asks the rules who won).
// A node may be followed by a node of the same side (games with extra moves).
//
// The adapter `Text` names moves and positions: text.move(s, m) (one token without
// whitespace, never "="), text.position(s) (for error messages).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "search/solver/dfpn.h"

namespace bao::search::solver {

struct ProofStats {
  std::uint64_t prover_nodes = 0;    // positions where the prover's move is written
  std::uint64_t defender_nodes = 0;  // positions whose every reply is written
  std::uint64_t repeats = 0;         // "=" tokens
  int depth = 0;                     // plies of the longest line
};

// Writes the body of the proof that `attacker` wins from s, which dfpn.prove(s, attacker)
// has just proven, tokens separated by spaces, a line break every 16. Re-proves a node
// whose table entry was evicted (using `budget`); throws std::runtime_error if that fails
// or the table's proofs would close a cycle.
template <class G, class Text>
class ProofWriter {
 public:
  using State = typename G::State;
  using Children = typename G::Children;

  ProofWriter(const G& g, Dfpn<G>& dfpn, const Text& text, std::ostream& out, Budget& budget)
      : g_(g), dfpn_(dfpn), text_(text), out_(out), budget_(budget) {}

  ProofStats write(const State& root) {
    attacker_ = dfpn_.attacker();
    walk(root, 0);
    if (column_) out_ << "\n";
    return stats_;
  }

 private:
  void token(const std::string& t) {
    out_ << (column_ ? " " : "") << t;
    if (++column_ == 16) {
      out_ << "\n";
      column_ = 0;
    }
  }

  bool proven(const State& s) {
    const int q = g_.quick_winner(s);
    if (q >= 0) return q == attacker_;
    const auto* e = dfpn_.find(s);
    if (e && e->pn == 0) return true;
    if (e && e->dn == 0 && !e->path_dep) return false;
    return dfpn_.reprove(s, budget_);
  }

  void walk(const State& s, int ply) {
    stats_.depth = std::max(stats_.depth, ply);
    Children kids;
    g_.children(s, kids);
    if (kids.empty()) {
      if (g_.winner(s) != attacker_) throw std::runtime_error("proof ends in a lost position: " + text_.position(s));
      return;
    }
    const std::uint64_t key = g_.hash(s);
    if (g_.side_to_move(s) == attacker_) {
      if (done_.count(key)) {
        token("=");
        ++stats_.repeats;
        return;
      }
      // The proven child with the shortest proof that is not on the path.
      int best = -1, best_depth = 1 << 30;
      for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
        const State& c = kids[i].pos;
        if (path_.count(g_.hash(c))) continue;
        const int q = g_.quick_winner(c);
        int depth;
        if (q >= 0) {
          if (q != attacker_) continue;
          depth = 0;
        } else {
          const auto* e = dfpn_.find(c);
          if (!e || e->pn != 0) continue;
          depth = e->depth;
        }
        if (depth < best_depth) best = i, best_depth = depth;
      }
      if (best < 0)
        for (int i = 0; i < static_cast<int>(kids.size()) && best < 0; ++i)
          if (!path_.count(g_.hash(kids[i].pos)) && proven(kids[i].pos)) best = i;
      if (best < 0) throw std::runtime_error("no proven move found at " + text_.position(s));
      ++stats_.prover_nodes;
      token(text_.move(s, kids[best].move));
      path_.insert(key);
      walk(kids[best].pos, ply + 1);
      path_.erase(key);
      done_.insert(key);
    } else {
      ++stats_.defender_nodes;
      path_.insert(key);
      for (const auto& c : kids) {
        if (path_.count(g_.hash(c.pos))) throw std::runtime_error("proof closes a cycle at " + text_.position(c.pos));
        if (!proven(c.pos)) throw std::runtime_error("a reply is not proven at " + text_.position(c.pos));
        walk(c.pos, ply + 1);
      }
      path_.erase(key);
    }
  }

  const G& g_;
  Dfpn<G>& dfpn_;
  const Text& text_;
  std::ostream& out_;
  Budget& budget_;
  int attacker_ = 0;
  int column_ = 0;
  ProofStats stats_;
  std::unordered_set<std::uint64_t> path_, done_;
};

struct CheckResult {
  bool ok = false;
  std::string error;            // the first failure, naming its position
  std::uint64_t positions = 0;  // positions replayed
  int depth = 0;
};

// Replays the proof body read from `in` that `attacker` wins from `root`, with g.children
// and g.winner only (the rules), and accepts it or names the first failing position.
// `max_depth` bounds the plies of a line: the walk recurses once a ply with a move list on
// the stack (about 2 KB for Bao), so 2,000 plies stay within a default 8 MB stack; df-pn's
// proofs are at most its max_path (1,000 by default) deep.
template <class G, class Text>
class ProofChecker {
 public:
  using State = typename G::State;
  using Children = typename G::Children;

  ProofChecker(const G& g, const Text& text, std::istream& in, int max_depth = 2000)
      : g_(g), text_(text), in_(in), max_depth_(max_depth), proven_(1024, Hash{&g}) {}

  CheckResult check(const State& root, int attacker) {
    attacker_ = attacker;
    CheckResult r;
    try {
      walk(root, 0);
      std::string extra;
      if (in_ >> extra) fail(root, "the proof is complete but more follows ('" + extra + "')");
      r.ok = true;
    } catch (const Failure& f) {
      r.error = f.what();
    }
    r.positions = positions_;
    r.depth = depth_;
    return r;
  }

 private:
  struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
  };
  struct Hash {
    const G* g;
    std::size_t operator()(const State& s) const { return static_cast<std::size_t>(g->hash(s)); }
  };

  [[noreturn]] void fail(const State& s, const std::string& what) {
    throw Failure("position " + text_.position(s) + " (position " + std::to_string(positions_) +
                  " of the walk): " + what);
  }

  void walk(const State& s, int ply) {
    ++positions_;
    depth_ = std::max(depth_, ply);
    if (ply > max_depth_) fail(s, "a line longer than " + std::to_string(max_depth_) + " plies");
    Children kids;
    g_.children(s, kids);
    if (kids.empty()) {
      if (g_.winner(s) != attacker_) fail(s, "the game ends here but the prover does not win");
      return;
    }
    if (g_.side_to_move(s) == attacker_) {
      std::string t;
      if (!(in_ >> t)) fail(s, "the proof ends before this position's move");
      if (t == "=") {
        if (!proven_.count(s)) fail(s, "'=' but this position was not proved earlier in the proof");
        return;
      }
      for (const auto& c : kids)
        if (text_.move(s, c.move) == t) {
          walk(c.pos, ply + 1);
          proven_.insert(s);
          return;
        }
      fail(s, "'" + t + "' is not a legal move here");
    }
    for (const auto& c : kids) walk(c.pos, ply + 1);
  }

  const G& g_;
  const Text& text_;
  std::istream& in_;
  int max_depth_;
  int attacker_ = 0;
  std::uint64_t positions_ = 0;
  int depth_ = 0;
  std::unordered_set<State, Hash> proven_;
};

}  // namespace bao::search::solver
