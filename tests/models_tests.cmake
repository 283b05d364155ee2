# Tests of the learned models, included by tests/CMakeLists.txt.
