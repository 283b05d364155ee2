// The value of a win/loss position by df-pn (search/solver/dfpn.h), on the Game concept:
// first "does the side to move win?", and if that is disproved, "does the other side win?".
// Only a proof is reported as a value; both searches are sound (a proof never relies on a
// repetition), so the answer, when there is one, is exact.
#pragma once

#include <cstdint>

#include "search/solver/dfpn.h"

namespace bao::search::solver {

struct DfpnAnswer {
  int winner = -1;              // 0 or 1; -1: no proof (open, or both disproved)
  int best = -1;                // index in g.children(s) of the best move, -1 if none
  int proof_depth = 0;          // plies of the longest line of the proof: an upper bound on the
                                // distance under perfect play
  bool both_disproved = false;  // neither side proved (only through repetitions or the cap)
};

template <class G>
DfpnAnswer solve_dfpn(const G& g, const typename G::State& s, Dfpn<G>& dfpn, Budget& budget) {
  DfpnAnswer a;
  const int side = g.side_to_move(s);
  Verdict v = dfpn.prove(s, side, budget);
  int winner = -1;
  if (v == Verdict::Proven) {
    winner = side;
  } else if (v == Verdict::Disproven) {
    dfpn.clear();
    v = dfpn.prove(s, side ^ 1, budget);
    if (v == Verdict::Proven) winner = side ^ 1;
    if (v == Verdict::Disproven) a.both_disproved = true;
  }
  if (winner < 0) return a;
  a.winner = winner;
  a.proof_depth = dfpn.root().depth;
  // The winner's move: a proven child with the shortest proof. The loser's: the reply whose
  // proof is longest (he resists longest against the proof's strategy).
  typename G::Children kids;
  g.children(s, kids);
  int best_depth = 0;
  for (int i = 0; i < static_cast<int>(kids.size()); ++i) {
    const auto& c = kids[i].pos;
    const int q = g.quick_winner(c);
    int depth;
    if (q >= 0) {
      if (q != winner) continue;
      depth = 0;
    } else {
      const auto* e = dfpn.find(c);
      if (!e || e->pn != 0) continue;
      depth = e->depth;
    }
    if (a.best < 0 || (winner == side ? depth < best_depth : depth > best_depth)) a.best = i, best_depth = depth;
  }
  return a;
}

}  // namespace bao::search::solver
