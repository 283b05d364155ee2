# Sources of the tournament runner (configs, records, statistics, `bao run`), added to
# the bao_experiments library by the top-level CMakeLists.txt.
set(BAO_TOURNAMENT_SOURCES
  experiments/cli/cmd_run.cpp)
