# Sourced by scripts/reproduce-e9s and scripts/reproduce-e9sp: E9s' gauntlet config, one
# opponent's (docs/results.md, "E9s"), so that E9s-p plays E9s' players and settings with
# only the seed and the number of openings changed.

# e9s_config FILE TITLE SCRIPT NAME SEARCHER DEPTH OPENINGS D SEED: writes FILE, the
# gauntlet of the opponent NAME (SEARCHER on td-short at DEPTH, first in every pairing)
# against ab, omd, safe4, safe16 and bank on td-long at depth D; TITLE and SCRIPT name
# the experiment and the script in the config's first line.
e9s_config() {
  local file="$1" title="$2" script="$3" name="$4" searcher="$5" depth="$6" n="$7" d="$8" seed="$9"
  {
    printf '# %s, made by scripts/%s.\n' "$title" "$script"
    printf '# The opponent %s: %s on td-short at depth %s.\n' "$name" "$searcher" "$depth"
    printf 'schedule = gauntlet\nplayers = opp, ab, omd, safe4, safe16, bank\n'
    printf 'openings = %s\nopening_plies = 4-8\nseed = %s\nply_cap = 300\nthreads = 1\n' "$n" "$seed"
    printf '\n[player]\neval = td-long\ndepth = %s\n' "$d"
    printf '\n[player.opp]\nsearcher = %s\neval = td-short\ndepth = %s\n' "$searcher" "$depth"
    printf '\n[player.ab]\nsearcher = alphabeta(tt_mb=4)\n'
    printf '\n[player.omd]\nsearcher = root-om(model=td-short,model_depth=d)\n'
    printf '\n[player.safe4]\nsearcher = safe-om(model=td-short,eps=4,exploit=root,tt_mb=4)\n'
    printf '\n[player.safe16]\nsearcher = safe-om(model=td-short,eps=16,exploit=root,tt_mb=4)\n'
    printf '\n[player.bank]\nsearcher = safe-om(model=td-short,eps=0,exploit=root,bank=true,tt_mb=4)\n'
  } > "$file"
}
