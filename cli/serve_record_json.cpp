#include "cli/serve_record_json.h"

#include <set>
#include <utility>

#include "engine/bao/position.h"
#include "engine/error.h"

namespace bao::cli {

std::vector<experiments::TournamentGame> records_from_text(const std::string& text, const std::string& where) {
  std::vector<experiments::TournamentGame> out;
  std::set<std::string> seen;
  std::size_t pos = 0;
  for (int n = 1; pos < text.size(); ++n) {
    const std::size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) break;  // torn: the writer ends each record with its newline
    const std::string line = text.substr(pos, nl - pos);
    pos = nl + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      experiments::TournamentGame r = experiments::from_json(line);
      if (seen.insert(r.id()).second) out.push_back(std::move(r));
    } catch (const InputError& e) {
      throw InputError(where + ":" + std::to_string(n) + ": " + e.what() + " (fix or remove this line)");
    }
  }
  return out;
}

json game_row(const experiments::TournamentGame& g, std::size_t index) {
  return {{"index", index},       {"id", g.id()},
          {"pairing", g.pairing}, {"first", g.first},
          {"second", g.second},   {"opening_index", g.opening_index},
          {"game", g.game},       {"south", g.south},
          {"north", g.north},     {"result", g.result},
          {"winner", g.winner},   {"reason", g.reason},
          {"plies", g.plies},     {"first_points", g.first_points},
          {"opening", g.opening}};
}

json prediction_json(const experiments::TournamentGame& r, const std::vector<std::string>& texts,
                     const std::vector<int>& mover) {
  int tries[2] = {0, 0}, hits[2] = {0, 0};
  json misses = json::array();
  const int first = r.opening.empty() ? South : (r.opening.find(" N ") != std::string::npos ? North : South);
  for (std::size_t k = 0; k + 1 < r.predicted.size() && k + 1 < texts.size(); ++k) {
    if (r.predicted[k].empty()) continue;
    // who moved moves[k] and predicted the reply
    const int side = k < mover.size() ? mover[k] : (first + static_cast<int>(k)) % 2;
    ++tries[side];
    if (r.predicted[k] == texts[k + 1])
      ++hits[side];
    else
      misses.push_back(k + 2);
  }
  const auto rate = [](int h, int t) { return t ? json(static_cast<double>(h) / t) : json(nullptr); };
  return {{"South", {{"tries", tries[South]}, {"hits", hits[South]}, {"rate", rate(hits[South], tries[South])}}},
          {"North", {{"tries", tries[North]}, {"hits", hits[North]}, {"rate", rate(hits[North], tries[North])}}},
          {"tries", tries[0] + tries[1]},
          {"hits", hits[0] + hits[1]},
          {"rate", rate(hits[0] + hits[1], tries[0] + tries[1])},
          {"misses", misses}};
}

}  // namespace bao::cli
