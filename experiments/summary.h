// The summary of a tournament's records: per pairing (from the first player's side)
// games, wins, losses, capped games, score with its 95% interval, Elo difference with its
// 95% interval, LOS, pentanomial counts and the SPRT state; with more than two players
// a cross table and ratings fitted over all games. Written as summary.csv (one row per
// pairing) and summary.md (also printed by `bao run`).
#pragma once

#include <string>
#include <vector>

#include "experiments/config.h"
#include "experiments/records.h"
#include "experiments/stats.h"
#include "experiments/tournament.h"

namespace bao::experiments {

struct PairingSummary {
  Pairing pairing;
  PairingStats stats;
  std::string sprt;  // "", or "H0"/"H1" accepted, or "continue"
  double llr = 0;
  std::int64_t sprt_pairs = 0;
};

struct Summary {
  std::vector<PairingSummary> pairings;
  std::int64_t games = 0, scheduled = 0;  // games counted, and in the schedule (this shard's)
  std::int64_t beyond = 0;                // records past an SPRT decision, not counted
  bool cross = false;                     // more than two players: table and ratings follow
  CrossTable table{{}};
  std::vector<double> ratings;
  bool prior = false;  // ratings fitted with one virtual draw per pair of opponents
};

Summary summarise(const Config& c, const std::vector<Pairing>& pairings, const std::vector<TournamentGame>& records,
                  std::int64_t scheduled);

// CSV columns: pairing,games,wins,losses,capped,score,score_ci95,elo,elo_ci95,los,
// first,second,points,penta_ll,penta_ld,penta_even,penta_wd,penta_ww,sprt,llr.
// A figure the games do not determine (PairingStats: NaN or infinite) is an empty
// field: score with no game, score_ci95 from fewer than two pairs (two games when
// unpaired), elo at a score of 0 or 1, elo_ci95 whenever score_ci95 is empty or the
// interval reaches 0 or 1, los with no won or lost game; llr is empty without an SPRT.
std::string summary_csv(const Summary& s);
// The same figures as a markdown table, "n/a" for an undefined one (with a line saying
// why under the table), then the SPRT, the cross table and the ratings.
std::string summary_markdown(const Config& c, const Summary& s);

// The summary of a run of `c` (every record in its folder) written to c.out as
// summary.csv and summary.md (each atomically); returns the markdown, which `bao run`
// prints. Throws InputError when a file cannot be written.
std::string write_summaries(const Config& c, const RunResult& r);

}  // namespace bao::experiments
