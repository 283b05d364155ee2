# Sources of the learned models (features, linear evaluators, tuners, type learning),
# added to the bao_models library by the top-level CMakeLists.txt.
set(BAO_MODELS_SOURCES
  models/features.cpp
  models/linear_evaluator.cpp
  models/match.cpp
  models/ga_tuner.cpp
  models/tdleaf.cpp
  models/type_learning.cpp)
