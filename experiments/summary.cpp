#include "experiments/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include "engine/text_input.h"

namespace bao::experiments {

namespace {

// x by the printf format f; "" for a figure that is not finite (undefined, summary.h).
std::string fmt(const char* f, double x) {
  if (!std::isfinite(x)) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, f, x);
  // A value that rounds to zero prints without its sign ("-0.0" -> "0.0").
  if (buf[0] == '-' && std::strspn(buf + 1, "0.%") == std::strlen(buf + 1)) return buf + 1;
  return buf;
}

// The same for the markdown: "n/a" in place of an undefined figure.
std::string shown(const char* f, double x) { return std::isfinite(x) ? fmt(f, x) : "n/a"; }

// "value ± half-width" of the markdown table, each by its printf format; n/a alone when
// the value is undefined.
std::string with_ci(const char* f, double x, const char* ci_f, double ci) {
  return std::isfinite(x) ? shown(f, x) + " ± " + shown(ci_f, ci) : "n/a";
}

// One row of the markdown table.
std::string markdown_row(const PairingSummary& p) {
  const PairingStats& st = p.stats;
  std::string penta;
  for (auto k : st.penta) {
    if (!penta.empty()) penta += ' ';
    penta += std::to_string(k);
  }
  return "| " + p.pairing.name + " | " + std::to_string(st.games) + " | " + std::to_string(st.wins) + " | " +
         std::to_string(st.losses) + " | " + std::to_string(st.capped) + " | " +
         with_ci("%.1f%%", 100 * st.score, "%.1f%%", 100 * st.score_ci95) + " | " +
         with_ci("%+.1f", st.elo, "%.1f", st.elo_ci95) + " | " + shown("%.1f%%", 100 * st.los) + " | " + penta + " |\n";
}

bool any_undefined(const PairingStats& st) {
  for (double x : {st.score, st.score_ci95, st.elo, st.elo_ci95, st.los})
    if (!std::isfinite(x)) return true;
  return false;
}

}  // namespace

Summary summarise(const Config& c, const std::vector<Pairing>& pairings, const std::vector<TournamentGame>& records,
                  std::int64_t scheduled) {
  Summary s;
  s.scheduled = scheduled;
  std::map<std::string, int> index;
  for (int i = 0; i < static_cast<int>(pairings.size()); ++i) index[pairings[i].name] = i;
  std::vector<std::vector<GameScore>> scores(pairings.size());
  // The SPRT follows the pairs in opening order, so feed it the records sorted.
  std::vector<const TournamentGame*> sorted;
  for (const TournamentGame& r : records) sorted.push_back(&r);
  std::sort(sorted.begin(), sorted.end(), [](const TournamentGame* a, const TournamentGame* b) {
    return std::tie(a->opening_index, a->game) < std::tie(b->opening_index, b->game);
  });
  std::vector<SprtTracker> trackers(pairings.size(), SprtTracker(c.sprt));
  s.cross = c.entrants.size() > 2;
  s.table = CrossTable(c.entrants);
  std::map<std::string, int> player_index;
  for (int i = 0; i < static_cast<int>(c.entrants.size()); ++i) player_index[c.entrants[i]] = i;
  for (const TournamentGame* r : sorted) {
    const auto it = index.find(r->pairing);
    if (it != index.end()) trackers[it->second].add(r->opening_index, r->game, r->first_points);
  }
  // With an SPRT, a decided pairing counts exactly the pairs the decision took: games of
  // later openings (in flight when it decided, or played by shards that could not know)
  // are kept in games.jsonl but reported apart, so that the summary depends only on the
  // config, not on the threads, shards or ranks that played it.
  s.games = 0;
  for (const TournamentGame* r : sorted) {
    const auto it = index.find(r->pairing);
    if (it == index.end()) continue;
    const SprtTracker& t = trackers[it->second];
    if (c.sprt_enabled && !t.decision().empty() && r->opening_index >= t.pairs()) {
      ++s.beyond;
      continue;
    }
    ++s.games;
    scores[it->second].push_back({r->opening_index, r->first_points});
    s.table.add(player_index.at(r->first), player_index.at(r->second), r->first_points);
  }
  for (std::size_t i = 0; i < pairings.size(); ++i) {
    PairingSummary ps;
    ps.pairing = pairings[i];
    ps.stats = pairing_stats(scores[i]);
    if (c.sprt_enabled) {
      ps.sprt = trackers[i].decision().empty() ? "continue" : trackers[i].decision();
      ps.llr = trackers[i].llr();
      ps.sprt_pairs = trackers[i].pairs();
    }
    s.pairings.push_back(ps);
  }
  if (s.cross) {
    // Pure maximum likelihood unless someone won or lost every point, where it has no
    // finite answer: then one virtual draw per pair of opponents.
    for (std::size_t i = 0; i < c.entrants.size(); ++i) {
      double pts = 0, games = 0;
      for (std::size_t j = 0; j < c.entrants.size(); ++j) {
        pts += s.table.points[i][j];
        games += static_cast<double>(s.table.games[i][j]);
      }
      if (games > 0 && (pts <= 0 || pts >= games)) s.prior = true;
    }
    s.ratings = fit_ratings(s.table, s.prior ? 1.0 : 0.0);
  }
  return s;
}

std::string summary_csv(const Summary& s) {
  std::string out =
      "pairing,games,wins,losses,capped,score,score_ci95,elo,elo_ci95,los,first,second,points,"
      "penta_ll,penta_ld,penta_even,penta_wd,penta_ww,sprt,llr\n";
  for (const PairingSummary& p : s.pairings) {
    const PairingStats& st = p.stats;
    out += p.pairing.name + "," + std::to_string(st.games) + "," + std::to_string(st.wins) + "," +
           std::to_string(st.losses) + "," + std::to_string(st.capped) + "," + fmt("%.4f", st.score) + "," +
           fmt("%.4f", st.score_ci95) + "," + fmt("%.1f", st.elo) + "," + fmt("%.1f", st.elo_ci95) + "," +
           fmt("%.4f", st.los) + "," + p.pairing.first + "," + p.pairing.second + "," + fmt("%g", st.points);
    for (auto k : st.penta) {
      out += ',';
      out += std::to_string(k);
    }
    out += "," + p.sprt + "," + (p.sprt.empty() ? "" : fmt("%.3f", p.llr)) + "\n";
  }
  return out;
}

namespace {

// The lines above the table: what was played, and what the figures count.
std::string summary_header(const Config& c, const Summary& s) {
  std::string out = "# bao run: " + c.file + "\n\n";
  out += std::to_string(s.games) + " of " + std::to_string(s.scheduled) + " games; " +
         (c.game ? c.game->spec() : variant_name(c.rules.variant)) + "; " + schedule_name(c.schedule) + "; " +
         std::to_string(c.openings) + " openings (" +
         (c.openings_file.empty()
              ? "random, " + std::to_string(c.opening_min_plies) + "-" + std::to_string(c.opening_max_plies) + " plies"
              : "from " + c.openings_file) +
         ") with colours swapped; ply cap " + std::to_string(c.ply_cap) + "; seed " + std::to_string(c.seed) + ".\n";
  if (c.shards > 0)
    out += "This folder is shard " + std::to_string(c.shard) + "/" + std::to_string(c.shards) +
           " of the schedule: its figures are partial; bao merge joins the shards into the tournament's summary.\n";
  if (s.beyond > 0)
    out += std::to_string(s.beyond) +
           " more games, of openings beyond an SPRT decision (in flight when it was taken), are kept in games.jsonl "
           "but not counted here.\n";
  out += std::string("Scores are the first player's; a game stopped at the ply cap") + (c.game ? " or drawn" : "") +
         " counts half a point to each side" + (c.game ? " (column capped)" : "") + ". Intervals are 95%.\n\n";
  return out;
}

}  // namespace

std::string summary_markdown(const Config& c, const Summary& s) {
  std::string out = summary_header(c, s);
  out += "| pairing | games | wins | losses | capped | score | Elo | LOS | pairs 0-0.5-1-1.5-2 |\n";
  out += "|---|---|---|---|---|---|---|---|---|\n";
  bool any_trinomial = false, any_na = false;
  for (const PairingSummary& p : s.pairings) {
    if (!p.stats.ci_pentanomial && p.stats.games > 0) any_trinomial = true;
    any_na = any_na || any_undefined(p.stats);
    out += markdown_row(p);
  }
  out += "\nPairs: the first player's points over the two games of an opening (counts of 0, 0.5, 1, 1.5, 2).";
  out += any_trinomial ? " Some pairings have unpaired games, so their intervals come from single games.\n"
                       : " Intervals come from the spread of the pairs (pentanomial).\n";
  if (any_na)
    out +=
        "n/a: not determined by these games: an interval needs two pairs (two games when unpaired), an Elo a "
        "score strictly between 0% and 100% (its interval too), LOS a won or lost game.\n";
  if (c.sprt_enabled) {
    out += "\nSPRT (elo0 " + fmt("%g", c.sprt.elo0) + ", elo1 " + fmt("%g", c.sprt.elo1) + ", alpha " +
           fmt("%g", c.sprt.alpha) + ", beta " + fmt("%g", c.sprt.beta) + ", " +
           (c.sprt.pentanomial ? "pentanomial" : "trinomial") + "; bounds " + fmt("%.3f", c.sprt.lower()) + " and " +
           fmt("%.3f", c.sprt.upper()) + "):\n\n";
    for (const PairingSummary& p : s.pairings) {
      out += "* " + p.pairing.name + ": ";
      out += p.sprt == "continue" ? "no decision yet" : p.sprt + " accepted";
      out += " after " + std::to_string(p.sprt_pairs) + " pairs, LLR " + fmt("%.3f", p.llr) + "\n";
    }
  }
  if (s.cross) {
    const auto& t = s.table;
    const std::size_t n = t.players.size();
    out += "\n## Cross table (points of the row player against the column player)\n\n|  |";
    for (const auto& name : t.players) out += " " + name + " |";
    out += " points | games |\n|---|";
    for (std::size_t j = 0; j <= n + 1; ++j) out += "---|";
    out += "\n";
    for (std::size_t i = 0; i < n; ++i) {
      out += "| " + t.players[i] + " |";
      double pts = 0;
      std::int64_t games = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || t.games[i][j] == 0) {
          out += " |";
          continue;
        }
        out += ' ';
        out += fmt("%g", t.points[i][j]) + "/" + std::to_string(t.games[i][j]) + " |";
        pts += t.points[i][j];
        games += t.games[i][j];
      }
      out += ' ';
      out += fmt("%g", pts) + " | " + std::to_string(games) + " |\n";
    }
    out += "\n## Ratings (Bradley-Terry maximum likelihood over all games, mean 0";
    out += s.prior ? "; with one virtual draw per pair of opponents, since a player won or lost every point)\n\n"
                   : ")\n\n";
    out += "| player | Elo |\n|---|---|\n";
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return s.ratings[a] > s.ratings[b]; });
    for (std::size_t i : order) out += "| " + t.players[i] + " | " + shown("%+.1f", s.ratings[i]) + " |\n";
  }
  return out;
}

std::string write_summaries(const Config& c, const RunResult& r) {
  const Summary s = summarise(c, make_pairings(c), r.records, r.total);
  const std::string md = summary_markdown(c, s);
  const std::filesystem::path dir(c.out);
  write_text_file_atomically((dir / "summary.csv").string(), summary_csv(s));
  write_text_file_atomically((dir / "summary.md").string(), md);
  return md;
}

}  // namespace bao::experiments
