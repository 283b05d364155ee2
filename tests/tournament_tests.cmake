# Tests of the tournament runner, included by tests/CMakeLists.txt.
