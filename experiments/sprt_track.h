// The SPRT of a run's games followed game pair by game pair, as `bao run` follows it
// (SprtTracker, experiments/stats.h): per pairing the log-likelihood ratio after each
// pair it counted. `bao serve` draws it; the last point of a track is the summary's LLR.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiments/records.h"
#include "experiments/stats.h"

namespace bao::experiments {

struct SprtPoint {
  std::int64_t pairs = 0;  // game pairs counted so far
  double llr = 0;          // the log-likelihood ratio after them
};

struct SprtTrack {
  std::string pairing;
  std::string decision;  // "", "H0" or "H1"
  std::int64_t pairs = 0;
  double llr = 0;
  std::vector<SprtPoint> points;  // one per pair counted, in the order counted
};

// The test a run's config.ini describes (its identity, parse_identity): nullopt without
// sprt.elo0 and sprt.elo1. Throws InputError naming `where` and the key whose value is
// not a number.
std::optional<Sprt> sprt_of_identity(const std::map<std::string, std::string>& identity, const std::string& where);

// The tracks of every pairing in the order the pairings first appear in `games` (file
// order, as bao run reads its records).
std::vector<SprtTrack> sprt_tracks(const std::vector<TournamentGame>& games, const Sprt& sprt);

}  // namespace bao::experiments
