# shellcheck shell=bash
# Sourced by results/K1's run scripts: run_header EXCLUDE prints the start of a run's
# header line, "run commit HASH tree clean|dirty machine NAME N cores MEM kB", the tree
# being this folder's state apart from the pathspec EXCLUDE (the run's own output, which
# is committed as it grows). The caller appends what it adds (load, start time).
run_header() {
  local here dirt
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  dirt=$(git -C "$here" status --porcelain -- . ":(exclude)$1")
  printf 'run commit %s tree %s machine %s %s cores %s' "$(git -C "$here" rev-parse HEAD)" \
    "$([ -z "$dirt" ] && echo clean || echo dirty)" "$(uname -n)" "$(nproc)" "$(awk '/MemTotal/ {print $2 " kB"}' /proc/meminfo)"
}
