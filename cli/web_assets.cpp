#include "cli/web_assets.h"

#include "cli/serve_api.h"

namespace bao::cli {

const std::string* embedded_web_file(const std::string& name) {
  for (const auto& [file, text] : embedded_web_files())
    if (file == name) return &text;
  return nullptr;
}

}  // namespace bao::cli
