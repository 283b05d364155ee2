#include "experiments/records.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

#include "engine/error.h"
#include "engine/text_input.h"

namespace bao::experiments {

std::string TournamentGame::id() const {
  return pairing + "/" + std::to_string(opening_index) + "/" + std::to_string(game);
}

namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

// A JSON value of the few kinds records use.
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  std::string text;  // a string's value, or a number's digits
  std::vector<Json> items;
  std::map<std::string, Json> fields;
};

// A strict reader of one JSON value (RFC 8259, without \u escapes beyond Latin-1,
// which records never contain).
class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  Json document() {
    Json v = value();
    space();
    if (i_ != s_.size()) fail("text after the object");
    return v;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw InputError("not a game record: " + what + " at column " + std::to_string(i_ + 1));
  }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) ++i_;
  }
  bool eat(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  Json value() {
    if (++depth_ > 8) fail("nesting too deep");
    space();
    if (i_ >= s_.size()) fail("unexpected end");
    Json v;
    const char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Json::Object;
      if (!eat('}')) {
        do {
          space();
          const std::string k = string();
          expect(':');
          if (v.fields.count(k)) fail("key '" + k + "' twice");
          v.fields[k] = value();
        } while (eat(','));
        expect('}');
      }
    } else if (c == '[') {
      ++i_;
      v.kind = Json::Array;
      if (!eat(']')) {
        do v.items.push_back(value());
        while (eat(','));
        expect(']');
      }
    } else if (c == '"') {
      v.kind = Json::String;
      v.text = string();
    } else if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 5, "false") == 0) {
      v.kind = Json::Bool;
      v.text = s_[i_] == 't' ? "true" : "false";
      i_ += v.text.size();
    } else if (s_.compare(i_, 4, "null") == 0) {
      i_ += 4;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = Json::Number;
      const std::size_t b = i_;
      while (i_ < s_.size() && std::strchr("+-0123456789.eE", s_[i_])) ++i_;
      v.text = s_.substr(b, i_ - b);
    } else {
      fail(std::string("unexpected '") + c + "'");
    }
    --depth_;
    return v;
  }
  std::string string() {
    if (i_ >= s_.size() || s_[i_] != '"') fail("expected a string");
    ++i_;
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      const char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail("unterminated string");
      const char e = s_[i_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          unsigned code = 0;
          if (i_ + 4 > s_.size()) fail("short \\u escape");
          const auto [p, ec] = std::from_chars(s_.data() + i_, s_.data() + i_ + 4, code, 16);
          if (ec != std::errc() || p != s_.data() + i_ + 4 || code > 0xff) fail("unsupported \\u escape");
          out += static_cast<char>(code);
          i_ += 4;
          break;
        }
        default:
          fail("bad escape");
      }
    }
  }

  const std::string& s_;
  std::size_t i_ = 0;
  int depth_ = 0;
};

const Json& field(const Json& o, const char* key, Json::Kind kind) {
  const auto it = o.fields.find(key);
  if (it == o.fields.end()) throw InputError(std::string("not a game record: no field '") + key + "'");
  if (it->second.kind != kind)
    throw InputError(std::string("not a game record: field '") + key + "' has the wrong type");
  return it->second;
}

template <class T>
T integer(const Json& o, const char* key) {
  const std::string& t = field(o, key, Json::Number).text;
  T v{};
  const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || p != t.data() + t.size())
    throw InputError(std::string("not a game record: field '") + key + "' is not a whole number");
  return v;
}

double real(const Json& o, const char* key) {
  const std::string& t = field(o, key, Json::Number).text;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size())
    throw InputError(std::string("not a game record: field '") + key + "' is not a number");
  return v;
}

}  // namespace

std::string to_json(const TournamentGame& r) {
  std::string moves = "[";
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    if (i) moves += ',';
    moves += quote(r.moves[i]);
  }
  moves += "]";
  return "{\"pairing\":" + quote(r.pairing) + ",\"first\":" + quote(r.first) + ",\"second\":" + quote(r.second) +
         ",\"opening_index\":" + std::to_string(r.opening_index) + ",\"game\":" + std::to_string(r.game) +
         ",\"south\":" + quote(r.south) + ",\"north\":" + quote(r.north) + ",\"opening\":" + quote(r.opening) +
         ",\"moves\":" + moves + ",\"result\":" + quote(r.result) + ",\"winner\":" + quote(r.winner) +
         ",\"reason\":" + quote(r.reason) + ",\"plies\":" + std::to_string(r.plies) +
         ",\"first_points\":" + number(r.first_points) + ",\"nodes_south\":" + std::to_string(r.nodes_south) +
         ",\"nodes_north\":" + std::to_string(r.nodes_north) + ",\"time_south\":" + number(r.time_south) +
         ",\"time_north\":" + number(r.time_north) + "}";
}

TournamentGame from_json(const std::string& line) {
  const Json o = Reader(line).document();
  if (o.kind != Json::Object) throw InputError("not a game record: not a JSON object");
  TournamentGame r;
  r.pairing = field(o, "pairing", Json::String).text;
  r.first = field(o, "first", Json::String).text;
  r.second = field(o, "second", Json::String).text;
  r.opening_index = integer<int>(o, "opening_index");
  r.game = integer<int>(o, "game");
  r.south = field(o, "south", Json::String).text;
  r.north = field(o, "north", Json::String).text;
  r.opening = field(o, "opening", Json::String).text;
  for (const Json& m : field(o, "moves", Json::Array).items) {
    if (m.kind != Json::String) throw InputError("not a game record: a move that is not a string");
    r.moves.push_back(m.text);
  }
  r.result = field(o, "result", Json::String).text;
  if (r.result != "south" && r.result != "north" && r.result != "capped")
    throw InputError("not a game record: result '" + r.result + "' (expected south, north or capped)");
  r.winner = field(o, "winner", Json::String).text;
  r.reason = field(o, "reason", Json::String).text;
  r.plies = integer<int>(o, "plies");
  r.first_points = real(o, "first_points");
  if (r.first_points != 0 && r.first_points != 0.5 && r.first_points != 1)
    throw InputError("not a game record: first_points must be 0, 0.5 or 1");
  r.nodes_south = integer<std::uint64_t>(o, "nodes_south");
  r.nodes_north = integer<std::uint64_t>(o, "nodes_north");
  r.time_south = real(o, "time_south");
  r.time_north = real(o, "time_north");
  if (r.game != 0 && r.game != 1) throw InputError("not a game record: game must be 0 or 1");
  return r;
}

LoadedRecords load_records(const std::string& path, bool repair) {
  LoadedRecords out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return out;
  const std::string text = read_text_file(path);
  std::set<std::string> seen;
  std::size_t pos = 0, good_end = 0;
  for (int n = 1; pos < text.size(); ++n) {
    const std::size_t nl = text.find('\n', pos);
    const bool complete = nl != std::string::npos;
    const std::string line = text.substr(pos, complete ? nl - pos : std::string::npos);
    const std::size_t next = complete ? nl + 1 : text.size();
    const bool last = next >= text.size();
    try {
      if (!complete) throw InputError("no newline at the end");
      if (line.find_first_not_of(" \t\r") == std::string::npos) {
        // An empty line carries nothing; keep it.
      } else {
        TournamentGame r = from_json(line);
        if (seen.insert(r.id()).second)
          out.records.push_back(std::move(r));
        else
          out.notes.push_back(path + ":" + std::to_string(n) + ": game " + r.id() +
                              " recorded twice; the later copy is ignored");
      }
      good_end = next;
    } catch (const InputError& e) {
      if (!last) throw InputError(path + ":" + std::to_string(n) + ": " + e.what() + " (fix or remove this line)");
      // The last line of a killed run: cut it off so that the next record starts on a
      // line of its own.
      out.notes.push_back(path + ":" + std::to_string(n) + ": torn last line (" + e.what() + ")" +
                          (repair ? ", removed" : ""));
      if (repair) {
        std::filesystem::resize_file(path, good_end, ec);
        if (ec) throw InputError("cannot truncate '" + path + "': " + ec.message());
      }
    }
    pos = next;
  }
  return out;
}

RecordWriter::RecordWriter(const std::string& path, bool fsync) : path_(path), fsync_(fsync) {
  fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd_ < 0) throw InputError("cannot open '" + path + "' for appending: " + std::strerror(errno));
}

RecordWriter::~RecordWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordWriter::append(const TournamentGame& r) {
  const std::string line = to_json(r) + "\n";
  // One write(2) of the whole line: a kill cannot split it within the kernel's copy into
  // the page cache. A short write (disk full) is continued, and on error the partial
  // line is left for load_records to cut off.
  std::size_t done = 0;
  while (done < line.size()) {
    const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("cannot write '" + path_ + "': " + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  if (fsync_ && ::fdatasync(fd_) != 0) throw std::runtime_error("cannot sync '" + path_ + "': " + std::strerror(errno));
}

}  // namespace bao::experiments
