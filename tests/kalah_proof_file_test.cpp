// Kalah margin proofs (search/solver/kalah_proof_file.h): for small games of both capture
// rules, the proof written at the margin solver's value is accepted by the checker, and a
// value one above or one below is refused when the proof is written (a bound that does not
// hold) or fails when the file claims it.
#include "search/solver/kalah_proof_file.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/error.h"
#include "engine/kalah/kalah.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/kalah_margin_game.h"
#include "search/solver/margin.h"

namespace bao::search::solver {
namespace {

int solved_value(const kalah::KalahRules& r) {
  const KalahMarginGame g(r);
  MarginSolver<KalahMarginGame, KalahMarginHook> solver(g, KalahMarginHook{r}, 1);
  Budget budget{SolveLimits{}};
  const auto res = solver.solve(kalah::start_state(r), budget);
  EXPECT_TRUE(res.solved);
  return res.value;
}

TEST(KalahProofFile, TheSolversValueIsProvenAndCheckedOthersAreNot) {
  for (const bool empty : {false, true})
    for (const auto& [m, n] : {std::pair{3, 3}, std::pair{4, 3}, std::pair{3, 4}, std::pair{2, 5}}) {
      kalah::KalahRules r;
      r.houses = m;
      r.seeds = n;
      r.empty_capture = empty;
      const int v = solved_value(r);
      const auto root = kalah::start_state(r);
      std::ostringstream out;
      Budget budget{SolveLimits{}};
      const auto st = write_kalah_proof(out, r, root, v, 1, budget);
      ASSERT_TRUE(st.written) << m << "," << n;
      std::istringstream in(out.str());
      const auto c = check_kalah_proof(in);
      EXPECT_TRUE(c.ok()) << m << "," << n << ": " << c.at_least.error << c.at_most.error;
      EXPECT_EQ(c.value, v);
      EXPECT_EQ(c.rules, r);
      for (const int wrong : {v - 1, v + 1}) {
        std::ostringstream none;
        Budget b{SolveLimits{}};
        EXPECT_THROW(write_kalah_proof(none, r, root, wrong, 1, b), InputError) << m << "," << n << " at " << wrong;
      }
      // The same bodies under a value one above: the at-least proof does not reach it.
      std::string text = out.str();
      const auto at = text.find("\nvalue ");
      const auto end = text.find('\n', at + 1);
      text.replace(at + 7, end - at - 7, std::to_string(v + 1));
      std::istringstream claimed(text);
      EXPECT_FALSE(check_kalah_proof(claimed).ok()) << m << "," << n;
    }
}

}  // namespace
}  // namespace bao::search::solver
