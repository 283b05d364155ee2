// The page `bao serve` serves (web/), built into the program (cmake/embed_files.cmake
// writes it at build time), so an installed bao serve needs no source tree.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cli/http_server.h"

namespace bao::cli {

// (file name, text) for each file of the page: index.html, style.css and the modules.
const std::vector<std::pair<std::string, std::string>>& embedded_web_files();

// The page's file `name` (one of embedded_web_files): from `web_dir` when it holds it
// (so edits show on reload), else the copy built in. A file the guarded reader refuses
// (too large, unreadable, not a regular file) is a 403 with its message, a name that is
// not built in a 404 (an HttpError, cli/serve_request.h).
http::Response page_file(const std::string& web_dir, const std::string& name);

}  // namespace bao::cli
