# Tests of the learned models, included by tests/CMakeLists.txt.
add_executable(bao_models_tests models_test.cpp)
target_link_libraries(bao_models_tests PRIVATE bao_experiments GTest::gtest_main)
gtest_discover_tests(bao_models_tests DISCOVERY_TIMEOUT 60)

# bao learn-eval / learn-types end to end: outputs, progress lines and exit codes.
add_test(NAME models_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/models_cli_test.sh $<TARGET_FILE:bao>)
