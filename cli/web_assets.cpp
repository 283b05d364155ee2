#include "cli/web_assets.h"

#include <filesystem>

#include "cli/folder_file.h"
#include "cli/serve_api.h"
#include "cli/serve_request.h"
#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxPageBytes = std::size_t{4} << 20;

const char* content_type(const std::string& name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  return "application/octet-stream";
}

// `file` of the server's own page folder (--web), read by the guarded reader with a cap; a
// file it refuses (too large, unreadable, not a regular file) is a 403 with its message.
std::string read_capped(const fs::path& file, std::size_t max_bytes) {
  try {
    return read_text_file(file.string(), max_bytes);
  } catch (const InputError& e) {
    throw HttpError(403, e.what());
  }
}

}  // namespace

const std::string* embedded_web_file(const std::string& name) {
  for (const auto& [file, text] : embedded_web_files())
    if (file == name) return &text;
  return nullptr;
}

http::Response page_file(const std::string& web_dir, const std::string& name) {
  const std::string* text = embedded_web_file(name);
  if (!text) throw HttpError(404, "no such file: " + name);
  if (!web_dir.empty()) {
    const std::filesystem::path path = std::filesystem::path(web_dir) / name;
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return {200, content_type(name), read_capped(path, kMaxPageBytes)};
  }
  return {200, content_type(name), *text};
}

}  // namespace bao::cli
