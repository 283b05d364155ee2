// The games.jsonl records (experiments/records.h): a record reads back as written, the
// writer's bytes are the format's (the expected lines below were written by the
// hand-written writer that came before nlohmann_json), malformed lines are refused with a
// message naming what is wrong, and load_records' repairs and refusals.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/bao/notation.h"
#include "engine/bao/record.h"
#include "engine/error.h"
#include "experiments/config.h"
#include "experiments/records.h"
#include "input_error.h"
#include "models/linear_evaluator.h"

namespace bao::experiments {
namespace {

TournamentGame sample() {
  return {.pairing = "ab vs om-beta",
          .first = "ab",
          .second = "om-beta",
          .opening_index = 12,
          .game = 1,
          .south = "om-beta",
          .north = "ab",
          .opening = "0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -",
          .moves = {"A6L*", "a6R>", "B1L"},
          .result = "north",
          .winner = "ab",
          .reason = "quote \" backslash \\ newline \n tab \t unit \x01 del \x7f e-acute \xc3\xa9",
          .plies = 3,
          .first_points = 0.5,
          .nodes_south = 18446744073709551615ull,
          .nodes_north = 0,
          .time_south = 8.07782,  // nlohmann's own double printing gives 8.077819999999999
          .time_north = 0.00001234,
          .predicted = {},
          .game_spec = {}};
}

const std::string kHead =
    "{\"pairing\":\"ab vs om-beta\",\"first\":\"ab\",\"second\":\"om-beta\",\"opening_index\":12,\"game\":1,"
    "\"south\":\"om-beta\",\"north\":\"ab\",\"opening\":\"0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/"
    "0,0,0,0,0,0,0,0 S 22,22 Aa -\",\"moves\":[\"A6L*\",\"a6R>\",\"B1L\"],\"result\":\"north\",\"winner\":\"ab\","
    "\"reason\":\"quote \\\" backslash \\\\ newline \\n tab \\t unit \\u0001 del \x7f e-acute \xc3\xa9\","
    "\"plies\":3,";

TEST(RecordsJson, WritesTheFormatByteForByte) {
  TournamentGame r = sample();
  EXPECT_EQ(to_json(r), kHead +
                            "\"first_points\":0.5,\"nodes_south\":18446744073709551615,\"nodes_north\":0,"
                            "\"time_south\":8.07782,\"time_north\":1.234e-05}");
  // Whole doubles without a decimal point, others to six significant digits.
  r.first_points = 1;
  r.time_south = 3;
  r.time_north = 0.0123456789;
  EXPECT_EQ(to_json(r), kHead +
                            "\"first_points\":1,\"nodes_south\":18446744073709551615,\"nodes_north\":0,"
                            "\"time_south\":3,\"time_north\":0.0123457}");
}

TEST(RecordsJson, RoundTrip) {
  const TournamentGame r = sample();
  const std::string j = to_json(r);
  EXPECT_EQ(j.find('\n'), std::string::npos);
  const TournamentGame b = from_json(j);
  EXPECT_EQ(b.pairing, r.pairing);
  EXPECT_EQ(b.first, r.first);
  EXPECT_EQ(b.second, r.second);
  EXPECT_EQ(b.opening_index, r.opening_index);
  EXPECT_EQ(b.game, r.game);
  EXPECT_EQ(b.south, r.south);
  EXPECT_EQ(b.north, r.north);
  EXPECT_EQ(b.opening, r.opening);
  EXPECT_EQ(b.moves, r.moves);
  EXPECT_EQ(b.result, r.result);
  EXPECT_EQ(b.winner, r.winner);
  EXPECT_EQ(b.reason, r.reason);
  EXPECT_EQ(b.plies, r.plies);
  EXPECT_EQ(b.first_points, r.first_points);
  EXPECT_EQ(b.nodes_south, r.nodes_south);
  EXPECT_EQ(b.nodes_north, r.nodes_north);
  EXPECT_DOUBLE_EQ(b.time_south, 8.07782);
  EXPECT_DOUBLE_EQ(b.time_north, 1.234e-05);
  EXPECT_EQ(to_json(b), j);
  EXPECT_EQ(b.id(), "ab vs om-beta/12/1");
}

TEST(RecordsJson, ReadsKeysInAnyOrderAndIgnoresUnknownOnes) {
  const std::string j = to_json(sample());
  // Move "pairing" to the end and add a key of a later version.
  const std::string pairing = "\"pairing\":\"ab vs om-beta\",";
  std::string moved = j;
  moved.erase(1, pairing.size());
  moved.insert(moved.size() - 1, ",\"engine\":{\"version\":[2,1]}," + pairing.substr(0, pairing.size() - 1));
  EXPECT_EQ(to_json(from_json(moved)), j);
}

// Predicted replies: written after the times only when a player predicted,
// read back, and refused when their count is not the moves'.
TEST(RecordsJson, PredictedRepliesRoundTripAndMatchTheMoves) {
  TournamentGame r = sample();
  EXPECT_EQ(to_json(r).find("predicted"), std::string::npos);  // older records: no key
  r.predicted = {"a6R>", "", "b2L"};
  const std::string j = to_json(r);
  EXPECT_NE(j.find(",\"time_north\":1.234e-05,\"predicted\":[\"a6R>\",\"\",\"b2L\"]}"), std::string::npos) << j;
  EXPECT_EQ(from_json(j).predicted, r.predicted);
  EXPECT_EQ(to_json(from_json(j)), j);
  std::string short_list = j;
  const std::string two = "[\"a6R>\",\"\",";
  short_list.replace(short_list.find(two), two.size(), "[");
  try {
    from_json(short_list);
    ADD_FAILURE() << "accepted " << short_list;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("predicted has 1 entries for 3 moves"), std::string::npos) << e.what();
  }
}

// The message of the InputError from_json throws for `line`, or "" when it reads.
std::string refusal(const std::string& line) {
  try {
    from_json(line);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// `j` with the value of `key` replaced by `value` (JSON text).
std::string with(const std::string& j, const std::string& key, const std::string& value) {
  const std::size_t at = j.find("\"" + key + "\":") + key.size() + 3;
  std::size_t end = at;
  int depth = 0;
  bool in_string = false;
  for (; end < j.size(); ++end) {
    const char c = j[end];
    if (in_string) {
      if (c == '\\')
        ++end;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      if (depth-- == 0) break;
    } else if (c == ',' && depth == 0) {
      break;
    }
  }
  return j.substr(0, at) + value + j.substr(end);
}

TEST(RecordsJson, WrongTypesAreRefusedNamingFieldAndValue) {
  const std::string j = to_json(sample());
  EXPECT_EQ(refusal(with(j, "game", "0")), "");  // the helper itself
  EXPECT_EQ(refusal(with(j, "pairing", "7")), "not a game record: field 'pairing' is 7, expected a string");
  EXPECT_EQ(refusal(with(j, "plies", "\"3\"")), "not a game record: field 'plies' is \"3\", expected a whole number");
  EXPECT_EQ(refusal(with(j, "plies", "3.0")), "not a game record: field 'plies' is 3.0, expected a whole number");
  EXPECT_EQ(refusal(with(j, "opening_index", "4294967296")),
            "not a game record: field 'opening_index' is 4294967296, expected a whole number");
  EXPECT_EQ(refusal(with(j, "nodes_north", "-1")),
            "not a game record: field 'nodes_north' is -1, expected a whole number >= 0");
  EXPECT_EQ(refusal(with(j, "time_south", "null")), "not a game record: field 'time_south' is null, expected a number");
  EXPECT_EQ(refusal(with(j, "time_south", "1e999")), "not a game record: number overflow parsing '1e999'");
  EXPECT_EQ(refusal(with(j, "moves", "\"A6L*\"")),
            "not a game record: field 'moves' is \"A6L*\", expected an array of strings");
  EXPECT_EQ(refusal(with(j, "moves", "[\"A6L*\",[1,2]]")), "not a game record: a move that is not a string: [1,2]");
  EXPECT_EQ(refusal(with(j, "opening", "\"" + std::string(60, 'x') + "\"")), "");
  EXPECT_EQ(refusal(with(j, "winner", "[\"" + std::string(60, 'x') + "\"]")),
            "not a game record: field 'winner' is [\"" + std::string(35, 'x') + "..., expected a string");
}

TEST(RecordsJson, ValuesOutsideTheirSetAreRefused) {
  const std::string j = to_json(sample());
  EXPECT_EQ(refusal(with(j, "result", "\"draw\"")),
            "not a game record: result 'draw' (expected south, north or capped)");
  EXPECT_EQ(refusal(with(j, "first_points", "0.25")), "not a game record: first_points must be 0, 0.5 or 1");
  EXPECT_EQ(refusal(with(j, "game", "2")), "not a game record: game must be 0 or 1");
}

TEST(RecordsJson, MissingAndRepeatedKeysAreRefused) {
  const std::string j = to_json(sample());
  std::string missing = j;
  const std::string winner = ",\"winner\":\"ab\"";
  missing.erase(missing.find(winner), winner.size());
  EXPECT_EQ(refusal(missing), "not a game record: no field 'winner'");
  EXPECT_EQ(refusal("{}"), "not a game record: no field 'pairing'");
  EXPECT_EQ(refusal("{\"game\":0," + j.substr(1)), "not a game record: key 'game' twice");
  // A repeated key inside an unknown value is that value's business.
  EXPECT_EQ(refusal("{\"x\":{\"a\":1,\"a\":2}," + j.substr(1)), "");
}

TEST(RecordsJson, TextThatIsNotOneObjectIsRefused) {
  const std::string j = to_json(sample());
  EXPECT_EQ(refusal("[1,2]"), "not a game record: not a JSON object");
  EXPECT_EQ(refusal("\"text\""), "not a game record: not a JSON object");
  const std::string garbage = refusal(j + " x");
  EXPECT_EQ(garbage.rfind("not a game record: bad JSON at column " + std::to_string(j.size() + 2) + ": ", 0), 0u)
      << garbage;
  EXPECT_NE(garbage.find("expected end of input"), std::string::npos) << garbage;
  const std::string cut = refusal(j.substr(0, j.find(",\"first\"")));
  EXPECT_EQ(cut.rfind("not a game record: bad JSON at column ", 0), 0u) << cut;
  EXPECT_NE(cut.find("unexpected end of input"), std::string::npos) << cut;
  EXPECT_NE(refusal(""), "");
  EXPECT_NE(refusal("{\"pairing\":\"a\xff\"}").find("bad JSON"), std::string::npos);  // not UTF-8
  EXPECT_NE(refusal("{'pairing':1}").find("bad JSON at column 2"), std::string::npos);
}

// A fresh file path per test, removed afterwards.
class TempFile {
 public:
  TempFile() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            ("bao-records-" + std::to_string(::getpid()) + "-" + info->name() + ".jsonl");
  }
  ~TempFile() { std::filesystem::remove(path_); }
  std::string path() const { return path_.string(); }
  void write(const std::string& text) const { std::ofstream(path_, std::ios::binary | std::ios::trunc) << text; }
  std::string read() const {
    std::ifstream in(path_, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

 private:
  std::filesystem::path path_;
};

std::string lines_of(int n) {
  std::string out;
  TournamentGame r = sample();
  for (int i = 0; i < n; ++i) {
    r.opening_index = i;
    out += to_json(r) + "\n";
  }
  return out;
}

TEST(RecordsFile, BrokenMiddleLineIsAnErrorNamingFileLineAndReason) {
  TempFile f;
  const std::string good = lines_of(3);
  const std::string broken = with(to_json(sample()), "plies", "\"x\"") + "\n";
  f.write(good + broken + good.substr(0, good.find('\n') + 1));
  try {
    load_records(f.path(), true);
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), f.path() +
                                         ":4: not a game record: field 'plies' is \"x\", expected a whole number "
                                         "(fix or remove this line)");
  }
  EXPECT_EQ(f.read().size(), good.size() + broken.size() + good.find('\n') + 1);  // left alone
}

TEST(RecordsFile, TornLastLineIsCutOffAndDuplicatesSkipped) {
  TempFile f;
  const std::string good = lines_of(2);
  f.write(good + good.substr(0, good.find('\n') + 1) + good.substr(0, 50));
  const LoadedRecords l = load_records(f.path(), true);
  ASSERT_EQ(l.records.size(), 2u);
  EXPECT_EQ(l.records[1].opening_index, 1);
  ASSERT_EQ(l.notes.size(), 2u);
  EXPECT_EQ(l.notes[0], f.path() + ":3: game ab vs om-beta/0/1 recorded twice; the later copy is ignored");
  EXPECT_EQ(l.notes[1], f.path() + ":4: torn last line (no newline at the end), removed");
  EXPECT_EQ(f.read(), good + good.substr(0, good.find('\n') + 1));

  // A whole last line that is not a record is no torn line: it is refused, as it is one
  // line earlier, and the file stays as it is.
  for (const std::string& tail : {std::string("{\"pairing\":\n"), "{\"pairing\":\n" + good}) {
    f.write(good + tail);
    const std::string m = test::input_error_of([&] { load_records(f.path(), true); });
    EXPECT_EQ(m.rfind(f.path() + ":3: not a game record: bad JSON at column", 0), 0u) << m;
    EXPECT_EQ(f.read(), good + tail);
  }
}

// Every reader that echoes its input: the message holds no raw control byte (ESC would
// be obeyed by the terminal), the bytes are shown as \xNN (or, in nlohmann_json's own
// parse errors, as <U+001B>).
TEST(ReaderMessages, ControlBytesOfTheInputAreEscaped) {
  const std::string esc = "\x1b[31m";
  const Position start = parse_position("0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 Aa -",
                                        Variant::Kiswahili);
  TempFile f;
  f.write("{\"pairing\":\"" + esc + "\n" + to_json(sample()) + "\n");
  const std::string messages[] = {
      test::input_error_of([&] { parse_position(esc, Variant::Kiswahili); }),
      test::input_error_of([&] { parse_move(esc, start, Rules{}, "move"); }),
      test::input_error_of([&] { read_game("variant: kiswahili\n" + esc + "\n", "r.txt", Rules{}, false); }),
      test::input_error_of([&] { parse_config("seed = 1\n" + esc + " = 2\n", "t.ini", {}); }),
      test::input_error_of([&] { parse_config("seed = " + esc + "\nopenings = 1\nplayers = a\n", "t.ini", {}); }),
      test::input_error_of([&] { from_json("{\"pairing\":\"a\"," + esc + "}"); }),
      test::input_error_of([&] { load_records(f.path(), false); }),
      test::input_error_of([&] { models::parse_weights("hand " + esc + "\n", "w.txt"); }),
  };
  for (const std::string& m : messages) {
    EXPECT_EQ(m.find('\x1b'), std::string::npos) << m;
    EXPECT_TRUE(m.find("\\x1b") != std::string::npos || m.find("<U+001B>") != std::string::npos) << m;
  }
}

TEST(RecordsFile, WriterAppendsLinesThatLoadBack) {
  TempFile f;
  {
    RecordWriter w(f.path(), false);
    TournamentGame r = sample();
    for (int i = 0; i < 3; ++i) {
      r.opening_index = i;
      w.append(r);
    }
  }
  EXPECT_EQ(f.read(), lines_of(3));
  EXPECT_EQ(load_records(f.path(), false).records.size(), 3u);
}

}  // namespace
}  // namespace bao::experiments
