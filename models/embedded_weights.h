// The learned evaluators' weight files, built into the program (cmake/embed_files.cmake
// writes them from models/weights/ at build time), so an installed bao reads no checkout.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bao::models {

// (name, file text) for every models/weights/NAME.txt, sorted by name.
const std::vector<std::pair<std::string, std::string>>& embedded_weights();

}  // namespace bao::models
