// The message of the InputError that `f` throws; a test failure (and "") when it throws
// none. For tests that check what a refusal says.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "engine/error.h"

namespace bao::test {

template <class F>
std::string input_error_of(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InputError";
  return "";
}

}  // namespace bao::test
