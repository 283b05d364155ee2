// Tournaments as `bao run` runs them (bao.run, bao.load_config) and the tournaments'
// openings (bao.random_opening). Results are read back with bao.results (pure Python).
#include <pybind11/stl.h>

#include <filesystem>
#include <iostream>

#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/records.h"
#include "experiments/summary.h"
#include "experiments/tournament.h"
#include "play/openings.h"
#include "python/bindings.h"
#include "search/result.h"

namespace bao::python {

namespace {

struct RunReport {
  std::string out, games_path, summary_path, summary_markdown_path, summary_markdown;
  int played = 0, total = 0, skipped = 0;
  double seconds = 0;
};

std::string value_text(const py::handle& v) {
  if (py::isinstance<py::bool_>(v)) return v.cast<bool>() ? "true" : "false";
  return py::str(v);
}

// Overrides as `bao run --set` takes them: a dict {key: value} or a list of "key=value".
std::vector<std::string> override_list(const py::object& overrides) {
  std::vector<std::string> out;
  if (overrides.is_none()) return out;
  if (py::isinstance<py::dict>(overrides)) {
    for (const auto& [k, v] : overrides.cast<py::dict>()) out.push_back(std::string(py::str(k)) + "=" + value_text(v));
  } else if (py::isinstance<py::str>(overrides) || !py::isinstance<py::iterable>(overrides)) {
    fail("overrides: expected a dict {key: value} or a list of 'key=value' texts, found " +
         std::string(py::repr(overrides)));
  } else {
    for (const py::handle& h : overrides) {
      if (!py::isinstance<py::str>(h)) fail("overrides: expected 'key=value' texts, found " + std::string(py::repr(h)));
      out.push_back(text_of(h, "overrides"));
    }
  }
  return out;
}

experiments::Config config_from(const py::object& path, const py::object& overrides, const py::object& out,
                                std::optional<int> threads) {
  std::vector<std::string> o = override_list(overrides);
  if (threads) {
    check_threads(*threads);
    o.push_back("threads=" + std::to_string(*threads));
  }
  if (!out.is_none()) o.push_back("out=" + path_arg(out));
  return experiments::load_config(path_arg(path), o);
}

RunReport run(const py::object& path, const py::object& out, const py::object& overrides, OptionalNumber<int> threads,
              bool progress) {
  const experiments::Config c = config_from(path, overrides, out, plain(threads));
  py::gil_scoped_release release;
  experiments::RunOptions o;
  o.threads = c.threads;
  o.progress = progress ? &std::cerr : nullptr;
  experiments::RunResult r;
  try {
    r = experiments::run_tournament(c, o);
  } catch (const InputError&) {
    throw;
  } catch (const std::runtime_error& e) {  // a searcher failing mid-run: `bao run` exits 2 with it
    throw InputError(e.what());
  }
  const std::filesystem::path dir(c.out);
  RunReport rep;
  rep.out = c.out;
  rep.games_path = (dir / "games.jsonl").string();
  rep.summary_path = (dir / "summary.csv").string();
  rep.summary_markdown_path = (dir / "summary.md").string();
  rep.summary_markdown = experiments::write_summaries(c, r);
  rep.played = r.played;
  rep.total = r.total;
  rep.skipped = r.skipped;
  rep.seconds = r.seconds;
  return rep;
}

const char* const kRunDoc = R"doc(
Runs (or resumes) the tournament a config describes, as `bao run CONFIG` does: writes
OUT/config.ini, OUT/games.jsonl, OUT/summary.csv and OUT/summary.md and returns a
bao.RunReport (out, summary_path, games_path, played, total, seconds, summary_markdown).

    rep = bao.run("experiments/configs/pairing.ini", out="/tmp/t",
                  overrides={"openings": 2, "player.deep.depth": 2}, threads=2)
    games, summary = bao.results.load(rep.out)

overrides: {key: value} or ["key=value", ...], as `--set` (any config key); then threads
(`--threads`) and out (`--out`) as the command line applies them. progress=True writes
the progress lines to the process's standard error. Runs with the GIL released.
Raises bao.Error with the messages of `bao run`: a bad config (naming the file, line
and key), a results folder of a different config, a searcher failing mid-run.
)doc";

}  // namespace

std::string path_arg(const py::object& path) {
  return py::module_::import("os").attr("fsdecode")(path).cast<std::string>();
}

void check_threads(int threads) {
  if (threads < 0 || threads > search::kMaxThreads)
    fail("threads must be 0 (all cores) to " + std::to_string(search::kMaxThreads) + ", found " +
         std::to_string(threads));
}

void bind_experiments(py::module_& m) {
  py::class_<RunReport>(m, "RunReport", "What bao.run returns: where the results are and what was played.")
      .def_readonly("out", &RunReport::out, "The results folder (bao.results.load reads it).")
      .def_readonly("games_path", &RunReport::games_path, "OUT/games.jsonl.")
      .def_readonly("summary_path", &RunReport::summary_path, "OUT/summary.csv.")
      .def_readonly("summary_markdown_path", &RunReport::summary_markdown_path, "OUT/summary.md.")
      .def_readonly("summary_markdown", &RunReport::summary_markdown, "The summary `bao run` prints.")
      .def_readonly("played", &RunReport::played, "Games played by this run.")
      .def_readonly("total", &RunReport::total, "Games in the schedule.")
      .def_readonly("skipped", &RunReport::skipped, "Games left out because an SPRT decided.")
      .def_readonly("seconds", &RunReport::seconds, "Wall time of this run's games.")
      .def("__repr__", [](const RunReport& r) {
        return "<bao.RunReport out='" + r.out + "' played=" + std::to_string(r.played) + "/" + std::to_string(r.total) +
               ">";
      });
  m.def("run", &run, py::arg("config"), py::kw_only(), py::arg("out") = py::none(), py::arg("overrides") = py::none(),
        py::arg("threads") = py::none(), py::arg("progress") = false, kRunDoc);
  m.def(
      "load_config",
      [](const py::object& path, const py::object& overrides) {
        const experiments::Config c = config_from(path, overrides, py::none(), std::nullopt);
        py::dict d;
        for (const auto& [k, v] : c.identity) d[py::str(k)] = v;
        d["threads"] = std::to_string(c.threads);
        d["out"] = c.out;
        return d;
      },
      py::arg("config"), py::arg("overrides") = py::none(),
      "Reads and checks a config as `bao run --check` does; returns its normalised keys as a dict\n"
      "of texts (what decides the games, plus threads and out). bao.Error names a bad key.");
  m.def(
      "_read_records",
      [](const std::string& path) {
        std::vector<std::string> lines;
        {
          py::gil_scoped_release release;
          for (const experiments::TournamentGame& r : experiments::load_records(path, /*repair=*/false).records)
            lines.push_back(experiments::to_json(r));
        }
        return lines;
      },
      py::arg("path"),
      "The records of a games.jsonl file as `bao run` reads them when it resumes (a torn last line\n"
      "left out but not cut off, a game recorded twice kept once, a broken line before the last a\n"
      "bao.Error naming the file and line), each as its JSON line. bao.results.read_games uses it.");
  m.def(
      "random_opening",
      [](Number<std::uint64_t> seed, Number<std::uint64_t> index, Number<int> min, Number<int> max,
         const py::object& variant, const py::object& rules, const py::kwargs& options) {
        const int min_plies = min, max_plies = max;
        if (min_plies < 0 || max_plies < min_plies)
          fail("plies: expected 0 <= min_plies <= max_plies, found " + std::to_string(min_plies) + ", " +
               std::to_string(max_plies));
        const Rules r = rules_from(rules, variant, options);
        return PyPosition{play::random_opening(r, seed.value, index.value, min_plies, max_plies), r};
      },
      py::arg("seed"), py::arg("index"), py::arg("min_plies") = 4, py::arg("max_plies") = 8,
      py::arg("variant") = py::none(), py::arg("rules") = py::none(),
      "Opening `index` for `seed` as tournaments draw it (random legal plies from the start):\n"
      "a config with seed S and opening_plies MIN-MAX plays bao.random_opening(S, k, MIN, MAX).");
}

}  // namespace bao::python
