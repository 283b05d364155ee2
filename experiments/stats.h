// Statistics of a tournament: score with its interval, Elo difference, likelihood of
// superiority, pentanomial counts over game pairs, SPRT, and ratings fitted over a round
// robin.
//
// Conventions: every figure is from the first player's side of a pairing. A game stopped
// at the ply cap ("capped") counts as half a point for each side, as a draw does in chess
// tools; there are no other draws in Bao. A game pair is the two games of one opening
// with colours swapped; its pentanomial class is the first player's points over the two
// games times two: 0 (lost both), 1, 2, 3, 4 (won both).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace bao::experiments {

// 1.959963..., the two-sided 95% quantile of the standard normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

// The standard normal distribution function.
double normal_cdf(double x);

// Expected score of a player rated `elo` above his opponent (logistic model):
// 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);
// The inverse: -400 log10(1/s - 1); +-infinity at s = 1 and s = 0.
double score_to_elo(double s);

// Likelihood of superiority: Phi((w - l) / sqrt(w + l)), capped games (draws) left out;
// NaN (undefined) when no game was decided.
double los(std::int64_t wins, std::int64_t losses);

struct Sprt {
  double elo0 = 0, elo1 = 5;  // H0: elo = elo0, H1: elo = elo1 (logistic Elo)
  double alpha = 0.05, beta = 0.05;
  bool pentanomial = true;  // model the game pairs; else single games (trinomial)
  double lower() const;     // log(beta / (1 - alpha)): accept H0 at or below
  double upper() const;     // log((1 - beta) / alpha): accept H1 at or above
};

// What one pairing's results say. A figure the games do not determine is NaN: the
// summary prints it as n/a (experiments/summary.h).
struct PairingStats {
  std::int64_t games = 0, wins = 0, losses = 0, capped = 0;
  double points = 0;  // wins + capped / 2
  double score = 0;   // points / games; NaN with no game
  // Half-width of the 95% interval of the score. From the game pairs' spread
  // (pentanomial) when every game belongs to a complete pair, which accounts for the
  // correlation of the two games of an opening; from single games (trinomial) otherwise.
  // NaN with fewer than two units (pairs, or games when trinomial): one unit has no
  // spread to measure.
  double score_ci95 = 0;
  bool ci_pentanomial = false;
  // score_to_elo(score): +-infinity at a score of 1 or 0, NaN with no game.
  double elo = 0;
  // Half the width of the score interval mapped to Elo: NaN when the score interval is,
  // infinite when the interval reaches a score of 0 or 1.
  double elo_ci95 = 0;
  double los = 0.5;                     // los(wins, losses): NaN when no game was decided
  std::array<std::int64_t, 5> penta{};  // pairs by the first player's points x 2
  std::int64_t pairs = 0;               // complete pairs
};

// One game of a pairing from the first player's side: 1 won, 0 lost, 0.5 capped. `pair`
// identifies the opening (its two games are a pair).
struct GameScore {
  std::int64_t pair;
  double points;
};
PairingStats pairing_stats(const std::vector<GameScore>& games);

// The log-likelihood ratio of H1 against H0 for these results, by the generalised SPRT
// (as fishtest computes it): the results are a multinomial over the unit outcomes (game
// pairs: the first player's mean score 0, 1/4, 1/2, 3/4, 1; or single games: 0, 1/2, 1);
// under each hypothesis the distribution is the one of largest likelihood whose mean is
// s0 = elo_to_score(elo0) or s1 = elo_to_score(elo1), and the LLR is the log of their
// likelihood ratio. Outcomes not seen count 0.001 times. 0 with fewer than two units.
double sprt_llr(const PairingStats& st, const Sprt& sprt);
// "H1" (accept), "H0" (accept) or "" (continue).
std::string sprt_decision(double llr, const Sprt& sprt);

// Follows one pairing's SPRT over its game pairs in opening order, so that the decision
// (and the number of pairs it took) is the same however the games were scheduled: a pair
// counts once it and every pair of a lower opening are complete. Once decided, later
// pairs change nothing.
class SprtTracker {
 public:
  explicit SprtTracker(const Sprt& sprt) : sprt_(sprt) {}
  // One game: its opening, which of the pair (0 or 1), the first player's points.
  void add(int opening, int game, double points);
  const std::string& decision() const { return decision_; }  // "", "H0" or "H1"
  std::int64_t pairs() const { return acc_.pairs; }          // pairs counted (at the decision, if any)
  double llr() const { return llr_; }

 private:
  Sprt sprt_;
  std::vector<std::array<double, 2>> points_;  // per opening; -1: not played yet
  std::size_t prefix_ = 0;                     // openings counted
  PairingStats acc_;
  double llr_ = 0;
  std::string decision_;
};

// Points of player i against player j (row i) over a round robin.
struct CrossTable {
  std::vector<std::string> players;
  std::vector<std::vector<double>> points;       // [i][j]: points of i against j
  std::vector<std::vector<std::int64_t>> games;  // [i][j] == [j][i]: games between them
  explicit CrossTable(std::vector<std::string> names);
  void add(int i, int j, double points_of_i);  // one game between i and j
};

// Elo ratings by maximum likelihood of the Bradley-Terry (logistic) model over every
// game, half points as half a win for each side, fitted with Hunter's MM iteration and
// shifted to a mean of 0. `prior_draws` virtual drawn games between every pair that met
// keep a player who won or lost every game finite (0 for the pure maximum likelihood,
// which is then infinite). For two players and no prior the difference equals
// score_to_elo of their score.
std::vector<double> fit_ratings(const CrossTable& t, double prior_draws);

}  // namespace bao::experiments
