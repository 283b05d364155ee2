// The margin solver's table in a file (search/solver/margin_table_file.h): a solve stopped
// by its budget, saved and loaded into a new solver, ends at the same value as a solve
// from scratch, with fewer nodes; loaded into a table of another size it gives the same
// value; a file for other rules, or cut short, is refused naming what is wrong.
#include "search/solver/margin_table_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/error.h"
#include "engine/kalah/kalah.h"
#include "search/solver/kalah_margin.h"
#include "search/solver/kalah_margin_game.h"
#include "search/solver/margin.h"

namespace bao::search::solver {
namespace {

using Solver = MarginSolver<KalahMarginGame, KalahMarginHook>;

std::string temp_path(const char* name) { return ::testing::TempDir() + name; }

TEST(MarginTableFile, AStoppedSolveResumesFromItsTable) {
  kalah::KalahRules r;
  r.houses = 5;
  r.seeds = 3;
  const KalahMarginGame g(r);
  const auto s = kalah::start_state(r);
  MarginOptions o;
  o.deepen_to = 0;
  Solver fresh(g, KalahMarginHook{r}, 1, o);
  Budget all{SolveLimits{}};
  const auto want = fresh.solve(s, all);
  ASSERT_TRUE(want.solved);

  const std::string path = temp_path("margin-table-resume.tab");
  Solver first(g, KalahMarginHook{r}, 1, o);
  SolveLimits limits;
  limits.nodes = all.nodes() / 2;
  Budget half{limits};
  const auto part = first.solve(s, half);
  ASSERT_FALSE(part.solved);
  save_margin_table(first.table(), path, "kalah(5,3)");

  Solver second(g, KalahMarginHook{r}, 1, o);
  load_margin_table(second.table(), path, "kalah(5,3)");
  EXPECT_EQ(second.table().used(), first.table().used());
  Budget rest{SolveLimits{}};
  const auto res = second.solve(s, rest);
  ASSERT_TRUE(res.solved);
  EXPECT_EQ(res.value, want.value);
  EXPECT_LT(rest.nodes(), all.nodes());  // the loaded bounds spare work

  // Another size: every entry is placed in its bucket there. A larger table keeps them
  // all; a smaller one keeps what fits; both solves end at the value.
  for (const std::size_t mb : {std::size_t{2}, std::size_t{0}}) {
    Solver other_size(g, KalahMarginHook{r}, mb, o);
    load_margin_table(other_size.table(), path, "kalah(5,3)");
    if (mb > 1) {
      EXPECT_EQ(other_size.table().used(), first.table().used());
    }
    EXPECT_LE(other_size.table().used(), first.table().used());
    EXPECT_GT(other_size.table().used(), 0u);
    Budget again{SolveLimits{}};
    const auto moved = other_size.solve(s, again);
    ASSERT_TRUE(moved.solved) << mb;
    EXPECT_EQ(moved.value, want.value) << mb;
  }
  Solver other_rules(g, KalahMarginHook{r}, 1, o);
  EXPECT_THROW(load_margin_table(other_rules.table(), path, "kalah(5,4)"), InputError);

  // Cut short: the header is right, the buckets are not all there.
  {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size() - 64));
  }
  Solver short_file(g, KalahMarginHook{r}, 1, o);
  try {
    load_margin_table(short_file.table(), path, "kalah(5,3)");
    ADD_FAILURE() << "a file cut short was loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bytes after the header"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace bao::search::solver
