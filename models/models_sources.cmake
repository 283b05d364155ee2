# Sources of the learned models (features, linear evaluators, tuners, type learning),
# added to the bao_models library by the top-level CMakeLists.txt.
set(BAO_MODELS_SOURCES)
