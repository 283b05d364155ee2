#include "experiments/sprt_track.h"

#include <utility>

#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments {

std::optional<Sprt> sprt_of_identity(const std::map<std::string, std::string>& identity, const std::string& where) {
  if (!identity.contains("sprt.elo0") || !identity.contains("sprt.elo1")) return std::nullopt;
  Sprt s;
  const auto number = [&](const char* key, double& out) {
    const auto it = identity.find(key);
    if (it != identity.end() && !to_double(it->second, out))
      throw InputError(where + ": " + key + " is not a number: '" + it->second + "'");
  };
  number("sprt.elo0", s.elo0);
  number("sprt.elo1", s.elo1);
  number("sprt.alpha", s.alpha);
  number("sprt.beta", s.beta);
  const auto model = identity.find("sprt.model");
  s.pentanomial = model == identity.end() || model->second != "trinomial";
  return s;
}

std::vector<SprtTrack> sprt_tracks(const std::vector<TournamentGame>& games, const Sprt& sprt) {
  std::vector<std::string> order;
  std::map<std::string, std::pair<SprtTracker, std::vector<SprtPoint>>> tracks;
  for (const auto& g : games) {
    auto it = tracks.find(g.pairing);
    if (it == tracks.end()) {
      order.push_back(g.pairing);
      it = tracks.emplace(g.pairing, std::make_pair(SprtTracker(sprt), std::vector<SprtPoint>())).first;
    }
    auto& [tracker, points] = it->second;
    const std::int64_t before = tracker.pairs();
    tracker.add(g.opening_index, g.game, g.first_points);
    if (tracker.pairs() != before) points.push_back({tracker.pairs(), tracker.llr()});
  }
  std::vector<SprtTrack> out;
  for (const std::string& name : order) {
    auto& [tracker, points] = tracks.at(name);
    out.push_back({name, tracker.decision(), tracker.pairs(), tracker.llr(), std::move(points)});
  }
  return out;
}

}  // namespace bao::experiments
