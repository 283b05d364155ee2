#!/usr/bin/env bash
# The code checks catch what they are for: scripts/check-layers refuses an include of a
# higher layer, scripts/check-function-length a long function without a reason and
# accepts it with one, scripts/check-link-cycles two object files that need each other.
# Each check runs on a small tree (or two small objects) made here.
# Usage: code_checks_test.sh REPO_ROOT
root="$1"
source "$(dirname "$0")/lib.sh"

# exits STATUS SCRIPT TREE: runs scripts/SCRIPT on TREE, output in $tmp/out, and tests
# its exit status.
exits() {
  python3 "$root/scripts/$2" "$3" > "$tmp/out" 2>&1
  local got=$?
  test "$got" -eq "$1" || { echo "     exit $got, expected $1:"; sed 's/^/     | /' "$tmp/out"; return 1; }
}
tree="$tmp/tree"
mkdir -p "$tree/engine" "$tree/search" "$tree/cli"
printf '#include "engine/bao/position.h"\n' > "$tree/search/ok.h"
check "layers: an include of a lower layer passes" exits 0 check-layers "$tree"
printf '#include "cli/common.h"\n' > "$tree/engine/bad.h"
check "layers: engine/ including cli/ fails" exits 1 check-layers "$tree"
check "layers: the breach is named by file and line" has "$tmp/out" "engine/bad.h:1"
rm "$tree/engine/bad.h"
mkdir -p "$tree/python"
printf '#include "experiments/tournament.h"\n' > "$tree/python/ok.cpp"
check "layers: python/ including experiments/ passes" exits 0 check-layers "$tree"
printf '#include "cli/common.h"\n' > "$tree/python/bad.cpp"
check "layers: python/ including cli/ (a side layer) fails" exits 1 check-layers "$tree"
rm "$tree/python/bad.cpp"

body() { for i in $(seq "$1"); do echo "  x += $i;"; done; }
{ echo "int short_one(int x) {"; body 10; echo "  return x;"; echo "}"; } > "$tree/engine/a.cpp"
check "length: a 13-line function passes" exits 0 check-function-length "$tree"
{ echo "int long_one(int x) {"; body 90; echo "  return x;"; echo "}"; } > "$tree/engine/b.cpp"
check "length: a 93-line function fails" exits 1 check-function-length "$tree"
check "length: it is named by file, line and length" has "$tmp/out" "engine/b.cpp:1: 93 lines"
{ echo "// long function: one table of cases"; echo "int long_one(int x) {"; body 90; echo "  return x;"; echo "}"; } \
  > "$tree/engine/b.cpp"
check "length: the same with a reason passes" exits 0 check-function-length "$tree"
{ echo "struct S {"; echo "  int f(int x) const {"; body 90; echo "    return x;"; echo "  }"; echo "};"; } \
  > "$tree/engine/c.h"
check "length: a long member function in a class fails" exits 1 check-function-length "$tree"

# link: a.o calls b.o's g; with b.o calling a.o's f back the two need each other.
objs="$tmp/objs"
mkdir -p "$objs"
printf 'int g();\nint f() { return g() + 1; }\n' > "$objs/a.cpp"
printf 'int g() { return 2; }\n' > "$objs/b.cpp"
c++ -c "$objs/a.cpp" -o "$objs/a.o" && c++ -c "$objs/b.cpp" -o "$objs/b.o"
check "link: a file calling another one-way passes" exits 0 check-link-cycles "$objs/a.o;$objs/b.o"
printf 'int f();\nint g() { return f() > 0 ? 2 : 1; }\n' > "$objs/b.cpp"
c++ -c "$objs/b.cpp" -o "$objs/b.o"
check "link: two files that call each other fail" exits 1 check-link-cycles "$objs/a.o;$objs/b.o"
check "link: the circle is named with a symbol per step" has "$tmp/out" "b needs a: f()"
check "link: a missing object file is an error" exits 2 check-link-cycles "$objs/none.o"
finish
