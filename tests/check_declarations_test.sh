#!/usr/bin/env bash
# tests/check_declarations_test.sh ROOT: scripts/check-declarations on a small git
# repository made here, then on the project itself.
#   * a run.json naming its declaration's hash: "same";
#   * results written below the declaration afterwards: "results", accepted;
#   * the declaration edited after its games: "amended without a note", exit 1; with a
#     line "Amended after the data ...": accepted; --strict refuses it;
#   * a hash no commit of the file has: "unknown", exit 1; a malformed run.json: exit 1;
#   * the project: every run.json's declaration accounted for.
set -u
ROOT="$1"
BAO=true
source "$(dirname "$0")/lib.sh"
CHECK="$ROOT/scripts/check-declarations"
HASH="$ROOT/scripts/declaration-hash"

repo="$tmp/repo"
mkdir -p "$repo/docs" "$repo/results/X"
cd "$repo" || exit 1
git init -q . && git config user.email t@example.org && git config user.name test
cat > docs/results.md <<'MD'
# Results

## X: a test (declared before the data)

H: the gain is above 0.

## Y: another section
MD
git add -A && git commit -qm declare
sha=$("$HASH" docs/results.md "X: a test (declared before the data)")
printf '{"runs": [{"declaration": {"section": "docs/results.md#X: a test (declared before the data)", "sha256": "%s"}}]}\n' "$sha" > results/X/run.json
git add -A && git commit -qm games
check "a declaration as its games saw it: same" eval '"$CHECK" > "$tmp/out" && grep -q "^same " "$tmp/out"'

python3 - <<'PY'
p = "docs/results.md"
s = open(p).read().replace("## Y:", "### X results\n\n+3.0 [+1.0, +5.0].\n\n## Y:")
open(p, "w").write(s)
PY
git commit -qam results
check "results below the declaration: accepted as results" eval '"$CHECK" > "$tmp/out" && grep -q "^results " "$tmp/out"'

sed -i 's/above 0\./above 1./' docs/results.md
git commit -qam edit
"$CHECK" > "$tmp/out"; rc=$?
check "the declaration edited without a note: exit 1" test "$rc" = 1
check "the declaration edited without a note: named, with the declaring commit" \
  eval 'grep -qE "^amended without a note .*declared as in [0-9a-f]{7}" "$tmp/out"'
"$CHECK" --diff > "$tmp/out"
check "--diff shows the change" eval 'grep -q "^-H: the gain is above 0\.$" "$tmp/out" && grep -q "^+H: the gain is above 1\.$" "$tmp/out"'
python3 - <<'PY'
p = "docs/results.md"
s = open(p).read().replace("above 1.\n", "above 1.\n\n**Amended after the data**: the threshold reads 1.\n")
open(p, "w").write(s)
PY
git commit -qam note
check "the amendment with its note: accepted" eval '"$CHECK" > "$tmp/out" && grep -q "^amended " "$tmp/out"'
"$CHECK" --strict > /dev/null; rc=$?
check "--strict: an amendment is an error" test "$rc" = 1

printf '{"runs": [{"declaration": {"section": "docs/results.md#Y: another section", "sha256": "%064d"}}]}\n' 0 > results/X/run.json
"$CHECK" > "$tmp/out"; rc=$?
check "a hash no commit has: unknown, exit 1" eval 'test "$rc" = 1 && grep -q "^unknown " "$tmp/out"'
printf '{"runs": [{"declaration": {"section": "no-hash", "sha256": "1"}}]}\n' > results/X/run.json
"$CHECK" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "a malformed declaration: exit 1, named" eval 'test "$rc" = 1 && grep -q "malformed declaration" "$tmp/err"'
"$CHECK" "$tmp/none" > /dev/null 2> "$tmp/err"; rc=$?
check "a missing results folder: exit 2" test "$rc" = 2

cd "$ROOT" || exit 1
check "the project: every declaration accounted for" eval '"$CHECK" > "$tmp/out"'
tail -n 1 "$tmp/out"
finish
