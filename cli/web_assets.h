// The page `bao serve` serves (web/), built into the program (cmake/embed_files.cmake
// writes it at build time), so an installed bao serve needs no source tree.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bao::cli {

// (file name, text) for each file of the page: index.html, style.css and the modules.
const std::vector<std::pair<std::string, std::string>>& embedded_web_files();

}  // namespace bao::cli
