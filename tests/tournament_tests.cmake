# Tests of the tournament runner, included by tests/CMakeLists.txt.

# Configs, schedules, openings, the ply cap, records, resuming, determinism over thread
# counts, and the statistics against hand-worked values.
add_executable(bao_tournament_tests tournament_test.cpp stats_test.cpp)
target_link_libraries(bao_tournament_tests PRIVATE bao_experiments GTest::gtest_main)
gtest_discover_tests(bao_tournament_tests DISCOVERY_TIMEOUT 60)

# `bao run` end to end: a run killed with SIGKILL and resumed, exit codes, a refused
# config, the example configs.
add_test(NAME tournament_resume
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/resume_test.sh $<TARGET_FILE:bao> ${PROJECT_SOURCE_DIR}/experiments/configs)
