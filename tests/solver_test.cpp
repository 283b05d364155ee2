// The exact solvers (search/solver/): df-pn and the distance search against retrograde
// analysis on small random game graphs with cycles and extra moves, and on Bao la
// Kujifunza endgames; proof files written, accepted, and rejected after one change.
#include <gtest/gtest.h>

#include <boost/container/static_vector.hpp>
#include <random>
#include <sstream>
#include <vector>

#include "engine/bao/movegen.h"
#include "engine/bao/notation.h"
#include "engine/random.h"
#include "search/solver/bao_proof_file.h"
#include "search/solver/exact.h"
#include "search/solver/solve.h"

namespace bao::search::solver {
namespace {

// A random directed game graph: node i has a side to move, up to 3 successors (cycles
// allowed, and a successor may have the same side to move: an extra move); a node without
// successors is won by its `terminal_winner`.
struct GraphGame {
  struct Child {
    int move;
    int pos;
  };
  using State = int;
  using Move = int;
  using Children = boost::container::static_vector<Child, 3>;
  static constexpr int kMoveIndexes = 3;
  std::vector<std::vector<int>> next;
  std::vector<int> side, terminal_winner;

  void children(int s, Children& out) const {
    out.clear();
    for (int i = 0; i < static_cast<int>(next[s].size()); ++i) out.push_back({i, next[s][i]});
  }
  int side_to_move(int s) const { return side[s]; }
  std::uint64_t hash(int s) const { return 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(s + 1); }
  int quick_winner(int s) const { return next[s].empty() ? terminal_winner[s] : -1; }
  int winner(int s) const { return terminal_winner[s]; }
  int move_index(int m) const { return m; }
  int order_hint(int, const Child&) const { return 0; }
};

struct GraphText {
  std::string move(int, int m) const { return "m" + std::to_string(m); }
  std::string position(int s) const { return "node" + std::to_string(s); }
};

GraphGame random_graph(std::uint64_t seed, int n) {
  std::mt19937_64 rng(seed);
  GraphGame g;
  g.next.resize(n);
  g.side.resize(n);
  g.terminal_winner.resize(n);
  for (int i = 0; i < n; ++i) {
    g.side[i] = static_cast<int>(rng() % 2);
    g.terminal_winner[i] = static_cast<int>(rng() % 2);
    const int k = rng() % 5 == 0 ? 0 : 1 + static_cast<int>(rng() % 3);
    // Mostly forward edges (so games end), some back edges (cycles).
    for (int j = 0; j < k; ++j) {
      const int t = rng() % 6 == 0 ? static_cast<int>(rng() % n) : i + 1 + static_cast<int>(rng() % 4);
      if (t < n && t != i) g.next[i].push_back(t);
    }
  }
  return g;
}

// Retrograde analysis: dist[a][s] = the least d such that side a forces a win within d
// plies from s (-1: never).
std::vector<std::vector<int>> retrograde(const GraphGame& g) {
  const int n = static_cast<int>(g.next.size());
  std::vector<std::vector<int>> dist(2, std::vector<int>(n, -1));
  for (int a = 0; a < 2; ++a) {
    std::vector<char> win(n, 0);
    for (int s = 0; s < n; ++s)
      if (g.next[s].empty() && g.terminal_winner[s] == a) win[s] = 1, dist[a][s] = 0;
    for (int d = 1; d <= n + 1; ++d) {
      std::vector<char> w = win;
      for (int s = 0; s < n; ++s) {
        if (win[s] || g.next[s].empty()) continue;
        bool any = false, all = true;
        for (int t : g.next[s]) any = any || win[t], all = all && win[t];
        if (g.side[s] == a ? any : all) w[s] = 1, dist[a][s] = d;
      }
      win = w;
    }
  }
  return dist;
}

TEST(Solver, DfpnProofsAndExactDistancesMatchRetrogradeOnRandomGraphs) {
  int proven = 0, exact_decided = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const GraphGame g = random_graph(seed, 60);
    const auto dist = retrograde(g);
    for (int s = 0; s < 60; ++s) {
      const int side = g.side[s];
      const int truth = dist[side][s] >= 0 ? side : dist[side ^ 1][s] >= 0 ? (side ^ 1) : -1;
      SolveLimits lim;
      Budget b1(lim);
      Dfpn<GraphGame> dfpn(g, 1);
      const DfpnAnswer a = solve_dfpn(g, s, dfpn, b1);
      // df-pn is sound: a proven winner is the true one.
      if (a.winner >= 0) {
        ++proven;
        EXPECT_EQ(a.winner, truth) << "seed " << seed << " node " << s;
        EXPECT_GE(a.proof_depth, dist[a.winner][s]) << "seed " << seed << " node " << s;
        // Its proof replays.
        std::stringstream text;
        Budget b2(lim);
        const GraphText names;
        ProofWriter<GraphGame, GraphText>(g, dfpn, names, text, b2).write(s);
        ProofChecker<GraphGame, GraphText> checker(g, names, text);
        EXPECT_TRUE(checker.check(s, a.winner).ok) << "seed " << seed << " node " << s;
      }
      // The distance search is exact: the winner and the least distance, or no end.
      Budget b3(lim);
      DistanceSolver<GraphGame> exact(g, 1);
      const auto r = exact.solve(s, b3, 70);
      EXPECT_EQ(r.winner, truth) << "seed " << seed << " node " << s;
      if (truth >= 0) {
        ++exact_decided;
        EXPECT_EQ(r.distance, dist[truth][s]) << "seed " << seed << " node " << s;
      }
    }
  }
  // The graphs are not trivial: most positions are decided and df-pn proves most of them.
  EXPECT_GT(exact_decided, 1200);
  EXPECT_GT(proven, exact_decided * 9 / 10);
}

TEST(Solver, ProofCheckerRejectsAProofWithOneMoveChanged) {
  // A graph where node 0 (side 0) wins only by m1: m0 leads to a loss.
  GraphGame g;
  g.next = {{1, 2}, {}, {3, 4}, {}, {}};
  g.side = {0, 0, 1, 0, 0};
  g.terminal_winner = {0, 1, 0, 0, 0};
  const GraphText names;
  std::stringstream good("m1");
  EXPECT_TRUE((ProofChecker<GraphGame, GraphText>(g, names, good).check(0, 0).ok));
  std::stringstream bad("m0");
  const CheckResult r = ProofChecker<GraphGame, GraphText>(g, names, bad).check(0, 0);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("node1"), std::string::npos) << r.error;
  std::stringstream extra("m1 m0");
  EXPECT_FALSE((ProofChecker<GraphGame, GraphText>(g, names, extra).check(0, 0).ok));
  std::stringstream early("");
  EXPECT_FALSE((ProofChecker<GraphGame, GraphText>(g, names, early).check(0, 0).ok));
}

// Kujifunza positions some plies from the start by seeded random play, kept while the
// game goes on.
std::vector<Position> kujifunza_walks(int count, int plies, std::uint64_t seed) {
  Rules rules;
  rules.variant = Variant::Kujifunza;
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p = start_position(Variant::Kujifunza);
    bool alive = true;
    for (int i = 0; i < plies && alive; ++i) {
      ChildList kids;
      generate_children(p, rules, kids);
      if (kids.empty())
        alive = false;
      else
        p = kids[rng() % kids.size()].pos;
    }
    ChildList kids;
    generate_children(p, rules, kids);
    if (alive && !kids.empty()) out.push_back(p);
  }
  return out;
}

TEST(Solver, BaoDfpnAndDistanceAgreeAndProofsCheck) {
  Rules rules;
  rules.variant = Variant::Kujifunza;
  const BaoGame g{rules};
  int both = 0;
  for (const Position& p : kujifunza_walks(12, 40, 7)) {
    SolveLimits lim;
    lim.nodes = 200000;
    Budget b1(lim);
    Dfpn<BaoGame> dfpn(g, 16);
    const DfpnAnswer a = solve_dfpn(g, p, dfpn, b1);
    Budget b2(lim);
    DistanceSolver<BaoGame> exact(g, 16);
    const auto r = exact.solve(p, b2, 12);
    if (a.winner >= 0 && r.winner >= 0) {
      ++both;
      EXPECT_EQ(a.winner, r.winner) << format_position(p);
      EXPECT_GE(a.proof_depth, r.distance) << format_position(p);
    }
    if (a.winner < 0) continue;
    std::stringstream file;
    SolveLimits none;
    Budget b3(none);
    write_bao_proof(file, g, dfpn, p, b3);
    const std::string text = file.str();
    std::istringstream in(text);
    const BaoProofCheck c = check_bao_proof(in);
    EXPECT_TRUE(c.result.ok) << c.result.error;
    EXPECT_EQ(c.winner, a.winner);
    // The first move of the body replaced by another legal move of the root, when the
    // winner moves first and has another move: rejected.
    if (a.winner == p.side) {
      ChildList kids;
      generate_children(p, rules, kids);
      const std::size_t body = text.find("body\n") + 5;
      const std::size_t end = text.find_first_of(" \n", body);
      const std::string first = text.substr(body, end - body);
      for (const Child& k : kids) {
        const std::string other = format_move(k.move, p.side);
        if (other == first) continue;
        std::istringstream altered(text.substr(0, body) + other + text.substr(end));
        EXPECT_FALSE(check_bao_proof(altered).result.ok) << format_position(p) << " " << first << " -> " << other;
        break;
      }
    }
  }
  EXPECT_GE(both, 4);
}

}  // namespace
}  // namespace bao::search::solver
