# Sources of the tournament runner (configs, records, statistics, `bao run`), added to
# the bao_experiments library by the top-level CMakeLists.txt.
set(BAO_TOURNAMENT_SOURCES
  experiments/config.cpp
  experiments/openings.cpp
  experiments/game_runner.cpp
  experiments/records.cpp
  experiments/stats.cpp
  experiments/summary.cpp
  experiments/tournament.cpp
  experiments/cli/cmd_run.cpp)
