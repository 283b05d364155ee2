#!/usr/bin/env python3
"""tests/browser_test.py BAO DATA_DIR [--screenshot PNG] [--play-screenshot PNG]: `bao serve`
in a real browser.

Starts `bao serve --port 0` on a results folder built here from the 1994 game
(tests/data/game1994.txt, as one games.jsonl line in the format experiments/records.h
writes), opens the page in headless Chromium (Selenium, chromium-driver) and checks what
a person sees:
  * Play: a legal move played by clicking a pit and a direction; the move list, the
    board's seed counts and the position string follow, the engine replies;
  * an illegal click (a pit without a move) is refused with the reader's message and
    changes nothing;
  * Replay: the game listed and found by the filter, stepped to its end; the position
    string shown is `bao replay`'s final position, and the solver's verdict beside the
    curve says South loses in 4 there;
  * Summary: the score plot is drawn;
  * Analysis, on a second results folder that `bao run` plays here (om-beta against
    alpha-beta at low depth, with an SPRT): the games whose predicted replies missed
    filtered, a miss stepped to and its predicted and actual replies read from the page
    and compared with games.jsonl; the evaluation curve drawn and a point clicked to jump
    to its ply, whose position is `bao replay`'s and whose best move is marked; the arrow
    keys, the flipped board; both players' curves, their legend above the plot area
    (clear of every point); the score band and the SPRT's LLR track with its bounds;
  * small things: the engine depth defaults to 6 as in bao play, the searcher's short
    name carries its full spec on hover, no empty viewer before a game is chosen;
  * no JavaScript error in the console.
Screenshots: --screenshot PNG (docs/img/serve.png) the analysis of an OM game after the
curve checks: a ply whose predicted reply missed, its prediction beside the reply played,
the misses marked in the move list, both players' evaluation curves and the best move's
badge on the board; --play-screenshot PNG a game under way on the Play tab with a hint.
Fails when Selenium,
Chromium or chromedriver is missing: scripts/test installs them (TEST_PACKAGES in
scripts/_setup.sh).
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    # Debian's python3-selenium lives in the system Python; another python3 may be first.
    if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    print("browser_test: FAIL: no selenium (Debian: python3-selenium; scripts/test installs it)")
    sys.exit(1)


def fail(msg):
    print(f"browser_test: FAIL: {msg}")
    sys.exit(1)


def check(cond, msg):
    if not cond:
        fail(msg)
    print(f"ok: {msg}")


def find_browser():
    chrome = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)
    driver = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)
    return chrome, driver


def replay_1994(bao, data):
    """(start position, canonical moves, final position) from `bao replay --tsv`."""
    out = subprocess.run([bao, "replay", "--tsv", str(data / "game1994.txt")], check=True, capture_output=True,
                         text=True).stdout.strip().split("\n")
    rows = [line.split("\t") for line in out[1:]]
    start = rows[0][3]
    moves = [r[1] for r in rows[1:]]
    return start, moves, rows[-1][3]


def make_results(folder, start, moves):
    """A results folder holding the 1994 game as bao run would record it."""
    folder.mkdir(parents=True)
    record = {
        "pairing": "Maulidi vs Kijumbe", "first": "Maulidi", "second": "Kijumbe", "opening_index": 0, "game": 0,
        "south": "Maulidi", "north": "Kijumbe", "opening": start, "moves": moves, "result": "north",
        "winner": "Kijumbe", "reason": "South resigns", "plies": len(moves), "first_points": 0,
        "nodes_south": 0, "nodes_north": 0, "time_south": 0, "time_north": 0,
    }
    (folder / "games.jsonl").write_text(json.dumps(record, separators=(",", ":")) + "\n")
    (folder / "summary.md").write_text(
        "# Zanzibar, 11 October 1994\n\nOne game recorded by A. J. de Voogt.\n\n"
        "| pairing | games | score |\n|---|---|---|\n| Maulidi vs Kijumbe | 1 | 0.0% |\n")


OM_CONFIG = """players = om, ab
openings = 2
seed = 3
ply_cap = 120
threads = 1
[player.om]
searcher = om-beta(model=material)
depth = 3
[player.ab]
searcher = alphabeta(tt_mb=1)
eval = material
depth = 2
[sprt]
elo0 = 0
elo1 = 100
"""


def make_om_results(bao, tmp):
    """A results folder from `bao run`: om-beta (it records its predicted replies) against
    alpha-beta, four games, with an SPRT."""
    ini = pathlib.Path(tmp) / "om.ini"
    ini.write_text(OM_CONFIG)
    out = pathlib.Path(tmp) / "om"
    subprocess.run([bao, "run", str(ini), "--out", str(out)], check=True, capture_output=True)
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    # One more game without predicted replies (a record of players that predict nothing),
    # which the filter for misses must leave out. Its opening has no pair, so the SPRT
    # does not count it.
    extra = {k: v for k, v in games[0].items() if k != "predicted"}
    extra["opening_index"] = 7
    games.append(extra)
    with open(out / "games.jsonl", "a") as f:
        f.write(json.dumps(extra, separators=(",", ":")) + "\n")
    return out, games


def start_server(bao, folders, log, max_depth=6):
    # The request log goes to a file: a pipe nobody reads would fill and stop the server.
    proc = subprocess.Popen([bao, "serve", "--port", "0", "--results", *map(str, folders), "--max-depth", str(max_depth),
                             "--log"],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if not line.startswith("listening on http://"):
        proc.kill()
        fail(f"bao serve did not start: {line!r}")
    return proc, line.split()[-1]


def wait(driver, cond, what, timeout=20, on_timeout=None):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: cond(d))
    except Exception:
        try:
            seen = f" (status: {text(driver, '#play-status')!r}, message: {text(driver, '#message')!r})"
            if on_timeout:
                seen += f" (shown: {on_timeout(driver)!r})"
        except Exception:
            seen = ""
        fail(f"timed out waiting for {what}{seen}")


# Reads go through one script each: the page redraws while the engine plays, and an
# element found in one call may be gone in the next.
def text(driver, css):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? (e.innerText ?? e.textContent) : ''", css)


def plies(driver):
    """The move list as "1S A6L*", "1N a5L", ... (each ply's title)."""
    return driver.execute_script("return [...document.querySelectorAll('#play-moves [data-ply]')].map(e => e.title)")


def count_text(driver, board, pit):
    return text(driver, f'#{board} [data-count="{pit}"]')


def check_depth_cap(driver, bao, folder, log):
    """A server whose --max-depth is below the page's 6: the page starts at the cap, so its
    first search is not refused."""
    server, base = start_server(bao, [folder], log, max_depth=4)
    try:
        driver.get(base)
        wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the page")
        values = [driver.find_element(By.ID, i).get_attribute("value") for i in ("depth", "analyse-depth")]
        check(values == ["4", "4"], f"under --max-depth 4 the page's depths start at 4 ({values})")
    finally:
        server.kill()
        server.wait()


def check_play(driver, base):
    driver.get(base)
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true", "the page")
    depth = driver.find_element(By.ID, "depth")
    check(depth.get_attribute("value") == "6", "the engine's depth defaults to 6, as bao play's")
    # An engine that answers at once: alpha-beta at depth 2.
    depth.clear()
    depth.send_keys("2")
    driver.find_element(By.ID, "new-game").click()
    wait(driver, lambda d: "South to move" in text(d, "#play-status"), "South to move")
    start = text(driver, "#play-position")
    check(count_text(driver, "play-board", "A6") == "2", "the start position shows 2 seeds in A6")
    movable = set(driver.execute_script(
        "return [...document.querySelectorAll('#play-board g[data-pit]')]"
        ".filter(g => g.querySelector('.pit').classList.contains('movable')).map(g => g.dataset.pit)"))
    check(movable == {"A6", "A7"}, f"the pits with a legal move are marked: {sorted(movable)}")

    # An illegal click: A1 is empty and starts no move.
    driver.find_element(By.CSS_SELECTOR, '#play-board g[data-pit="A1"]').click()
    wait(driver, lambda d: "matches no legal move" in text(d, "#message"), "the refusal of A1")
    msg = text(driver, "#message")
    check("error" in driver.execute_script("return document.getElementById('message').className"),
          f"refused with: {msg}")
    check("legal: A6L* A6R* A7L* A7R*" in msg, "the message lists the legal moves as the CLI does")
    check(len(plies(driver)) == 0, "the refused click played nothing")
    ph = driver.execute_script("const e = document.getElementById('start-position'); "
                               "return [e.scrollWidth <= e.clientWidth, e.placeholder.length, e.size]")
    check(ph[1] <= ph[2], f"the start position's placeholder fits its field ({ph[1]} characters, size {ph[2]})")
    check(text(driver, "#play-position") == start, "the position is unchanged after the refused click")

    # A legal move by clicking: pit A6, then the direction L (a takasa move in namua).
    driver.find_element(By.CSS_SELECTOR, '#play-board g[data-pit="A6"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#choices button[data-move="A6L*"]'), "the choices of A6")
    choices = driver.execute_script("return [...document.querySelectorAll('#choices button')].map(b => b.dataset.move)")
    check(choices == ["A6L*", "A6R*"], f"A6 offers its legal moves only: {choices}")
    driver.find_element(By.CSS_SELECTOR, '#choices button[data-move="A6L*"]').click()
    wait(driver, lambda d: len(plies(d)) >= 2, "the move and the reply")
    items = plies(driver)
    check(items[0] == "1S A6L*", f"the move list starts with the move played: {items}")
    check(items[1].startswith("1N a"), f"the engine replied for North: {items[1]}")
    check(text(driver, "#play-moves li").startswith("1."), "the list numbers the moves")
    wait(driver, lambda d: "South to move" in text(d, "#play-status"), "South to move again")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#play-board .gain, #play-board .loss"),
         "the end of the animation")
    check(top_left_pit(driver, "play-board") == "b8", "the play board has North's b8 top left")
    driver.find_element(By.ID, "flip").click()
    check(top_left_pit(driver, "play-board") == "B8" and count_text(driver, "play-board", "A6") == "0",
          "flipped, South's B8 is top left and the pits keep their seeds")
    driver.find_element(By.ID, "flip").click()
    spec = driver.execute_script("const e = document.querySelector('#engine-info .spec'); "
                                 "return e ? [e.textContent, e.title] : null")
    check(spec and spec[0] == "engine" and spec[1].startswith("engine(tt_mb="),
          f"the engine is named short, its full spec on hover: {spec}")
    return items


def check_undo(driver):
    """Undo takes back the engine's reply and the move before it: South is to move again."""
    n = len(plies(driver))
    driver.find_element(By.ID, "undo").click()
    wait(driver, lambda d: len(plies(d)) == n - 2, f"undo to ply {n - 2}")
    wait(driver, lambda d: "South to move" in text(d, "#play-status"), "South to move after undo")
    check(True, f"undo took back two plies ({n} -> {n - 2})")


def board_counts(driver, board):
    pairs = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(e => [e.dataset.count, e.textContent])",
        f"#{board} [data-count]")
    return {k: int(v) for k, v in pairs}


def check_board_matches(driver, bao, moves):
    """The board drawn and the position string shown are the CLI's for the moves listed."""
    pos = text(driver, "#play-position")
    game = "variant: kiswahili\n1: " + " ".join(moves) + ";\n"
    out = subprocess.run([bao, "replay", "-"], input=game, capture_output=True, text=True, check=True).stdout
    expected = out.strip().split("\n")[-2].split(" ", 2)[2]
    check(pos == expected, f"the position shown is bao replay's: {pos}")
    rows = expected.split(" ")[0].split("/")
    counts = board_counts(driver, "play-board")
    # The position string's rows are A, B, a, b, each pits 1..8 (docs/notation.md).
    want = {f"{letter}{k + 1}": int(n) for letter, row in zip("ABab", rows) for k, n in enumerate(row.split(","))}
    check(counts == want, "every pit of the board drawn holds the seeds of that position")


def check_replay(driver, final_position):
    driver.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="replay"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr"), "the games table")
    check(not driver.find_element(By.ID, "viewer").is_displayed() and driver.find_element(By.ID, "viewer-empty")
          .is_displayed(), "no empty viewer before a game is chosen, a line saying what to do instead")
    f = driver.find_element(By.ID, "filter-text")
    f.send_keys("nobody-plays-here")
    wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr"), "the filter to hide it")
    f.clear()
    f.send_keys("Kijumbe")
    Select(driver.find_element(By.ID, "filter-result")).select_by_value("north")
    rows = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr"), "the filtered row")
    cells = [td.text for td in rows[0].find_elements(By.TAG_NAME, "td")]
    check(cells[1:5] == ["Maulidi vs Kijumbe", "Maulidi", "Kijumbe", "north"], f"the game is listed: {cells[:7]}")
    rows[0].click()
    wait(driver, lambda d: d.find_element(By.ID, "viewer").is_displayed(), "the game viewer")
    # The game loads after the viewer shows: a click before that would step nothing.
    wait(driver, lambda d: text(d, "#replay-ply").startswith("start (of 46 plies)"), "the game loaded at its start")
    driver.find_element(By.ID, "replay-next").click()
    wait(driver, lambda d: text(d, "#replay-ply").startswith("ply 1 of"), "ply 1")
    driver.find_element(By.ID, "replay-last").click()
    wait(driver, lambda d: "ply 46 of 46" in text(d, "#replay-ply"), "the last ply")
    shown = text(driver, "#replay-position")
    check(shown == final_position, f"the final position shown is bao replay's: {shown}")
    # The solver's verdict beside the curve: after 23N South loses in 4 (docs/results.md).
    wait(driver, lambda d: "South to move, loss in 4 plies" in text(d, "#solve-verdict"),
         "the solver's verdict at the last ply", on_timeout=lambda d: text(d, "#solve-verdict"))
    # Analysis at the final position, on request.
    d = driver.find_element(By.ID, "analyse-depth")
    d.clear()
    d.send_keys("3")
    driver.find_element(By.CSS_SELECTOR, "#analyse-form button").click()
    wait(driver, lambda dr: text(dr, "#analysis").startswith("best "), "the evaluation")
    check("PV:" in text(driver, "#analysis"), "the evaluation shows the best move and its PV")


def check_summary(driver):
    driver.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="summary"]').click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#summary table"), "the summary table")
    check("Maulidi vs Kijumbe" in text(driver, "#summary"), "the summary is shown")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#score-plot circle, #score-plot polyline")) >= 1,
          "the score plot has a series")


def replay_position(bao, opening, moves):
    """The position `bao replay` reaches from `opening` after `moves`."""
    plies = (["..."] if opening.split(" ")[1] == "N" else []) + list(moves)
    lines = [f"{n + 1}: {' '.join(plies[2 * n:2 * n + 2])};" for n in range((len(plies) + 1) // 2)]
    game = f"variant: kiswahili\nposition: {opening}\n" + "\n".join(lines) + "\n"
    out = subprocess.run([bao, "replay", "--tsv", "-"], input=game, capture_output=True, text=True, check=True).stdout
    return out.strip().split("\n")[-1].split("\t")[3]


def top_left_pit(driver, board):
    return driver.execute_script("return document.querySelector(arguments[0]).dataset.pit", f"#{board} g[data-pit]")


def missed_plies(g):
    """The plies (1-based) whose move was not the reply its previous mover predicted."""
    moves, predicted = g["moves"], g.get("predicted", [])
    return [k + 2 for k, p in enumerate(predicted) if p and k + 1 < len(moves) and p != moves[k + 1]]


def check_predictions(driver, games):
    """The games whose predictions missed, a miss stepped to, its replies read from the page."""
    driver.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="replay"]').click()
    driver.find_element(By.ID, "filter-text").clear()
    Select(driver.find_element(By.ID, "filter-result")).select_by_value("")
    Select(driver.find_element(By.ID, "folder")).select_by_value("1")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr")) == len(games), "the OM games")
    missing = [i for i, g in enumerate(games) if missed_plies(g)]
    check(missing and len(missing) < len(games), f"some games have predicted replies that missed: {missing}")
    driver.find_element(By.ID, "filter-miss").click()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#games-table tbody tr")) == len(missing),
         "the filter to keep the games with a miss")
    shown = [int(r.get_attribute("data-index")) for r in driver.find_elements(By.CSS_SELECTOR, "#games-table tbody tr")]
    check(shown == missing, f"the filter keeps the games with a miss: {shown}")
    index = missing[0]
    g = games[index]
    driver.find_element(By.CSS_SELECTOR, f'#games-table tbody tr[data-index="{index}"]').click()
    wait(driver, lambda d: text(d, "#replay-ply").startswith(f"start (of {len(g['moves'])} plies)"), "the OM game")
    tries = sum(1 for k, p in enumerate(g["predicted"]) if p and k + 1 < len(g["moves"]))
    hits = sum(1 for k, p in enumerate(g["predicted"]) if p and k + 1 < len(g["moves"]) and p == g["moves"][k + 1])
    check(f"{hits} of {tries}" in text(driver, "#replay-hits"), f"the game's hit rate: {text(driver, '#replay-hits')}")
    row = text(driver, f'#games-table tbody tr[data-index="{index}"]')
    check(f"{hits}/{tries}" in row, "the table gives the game's hits of its predictions")
    driver.find_element(By.ID, "miss-next").click()
    wait(driver, lambda d: text(d, "#replay-ply").startswith("ply "), "the first miss")
    k = int(text(driver, "#replay-ply").split()[1])
    first_miss = missed_plies(g)[0]
    check(k == first_miss, f"'miss' steps to the first ply whose prediction missed: {k}")
    predicted, actual = text(driver, "#pred-predicted"), text(driver, "#pred-actual")
    check(predicted == g["predicted"][k - 2] and actual == g["moves"][k - 1] and predicted != actual,
          f"ply {k}: predicted {predicted}, played {actual}, as games.jsonl has them")
    check("miss" in driver.find_element(By.ID, "replay-prediction").get_attribute("class"), "the miss is marked")
    check("miss" in driver.find_element(By.CSS_SELECTOR, f'#replay-moves [data-ply="{k}"]').get_attribute("class"),
          "the move list marks the missed ply")
    # Stepping through misses only: the next step is the next miss.
    driver.find_element(By.ID, "misses-only").click()
    driver.find_element(By.ID, "replay-next").click()
    second = next(m for m in missed_plies(g) if m > k)
    wait(driver, lambda d: text(d, "#replay-ply").startswith(f"ply {second} of"), f"the next miss, ply {second}")
    check(True, f"stepping through misses only goes to ply {second}")
    driver.find_element(By.ID, "misses-only").click()
    return index, g


def check_curve(driver, bao, g):
    d = driver.find_element(By.ID, "analyse-depth")
    d.clear()
    d.send_keys("3")
    driver.find_element(By.ID, "curve").click()
    wait(driver, lambda dr: dr.find_elements(By.CSS_SELECTOR, "#eval-curve circle[data-ply]"), "the evaluation curve")
    n = len(driver.find_elements(By.CSS_SELECTOR, "#eval-curve circle[data-ply]"))
    check(n == len(g["moves"]) + 1, f"the curve has a point per position ({n})")
    k = 5
    dot = driver.find_element(By.CSS_SELECTOR, f'#eval-curve circle[data-ply="{k}"]')
    dot.click()
    wait(driver, lambda dr: text(dr, "#replay-ply").startswith(f"ply {k} of"), f"the click to jump to ply {k}")
    shown = text(driver, "#replay-position")
    want = replay_position(bao, g["opening"], g["moves"][:k])
    check(shown == want, f"the position at the clicked ply is bao replay's: {shown}")
    title = driver.execute_script("return document.querySelector(arguments[0]).textContent",
                                  f'#eval-curve circle[data-ply="{k}"] title')
    best = title.split("best ")[1].split(" ")[0]
    badge = driver.execute_script("const e = document.querySelector('#replay-board .best-badge'); "
                                  "return e ? [e.dataset.best, e.parentNode.dataset.pit, e.textContent] : null")
    check(badge and badge[0] == best and badge[1] == best[:2] and best[2] in badge[2],
          f"the best move {best} is marked on its pit with its direction: {badge}")
    # The arrow keys step through the plies; the flipped board puts South's back row on top.
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait(driver, lambda dr: text(dr, "#replay-ply").startswith(f"ply {k + 1} of"), "the right arrow")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(driver, lambda dr: text(dr, "#replay-ply").startswith(f"ply {k} of"), "the left arrow")
    check(True, "the arrow keys step a ply either way")
    check(top_left_pit(driver, "replay-board") == "b8", "unflipped, North's b8 is top left")
    driver.find_element(By.ID, "replay-flip").click()
    check(top_left_pit(driver, "replay-board") == "B8", "flipped, South's B8 is top left")
    check(text(driver, "#replay-position") == want, "flipping changes the view, not the position")
    driver.find_element(By.ID, "replay-flip").click()
    # Both players' evaluators: default (om) and material (ab).
    driver.find_element(By.ID, "curve-players").click()
    wait(driver, lambda dr: len(dr.find_elements(By.CSS_SELECTOR, "#eval-curve polyline")) == 2, "two curves")
    check("South's evaluator (default)" in text(driver, "#eval-curve") and
          "North's evaluator (material)" in text(driver, "#eval-curve"), "one curve per player's evaluator")
    check_legend_clear(driver)


def check_legend_clear(driver):
    """The curves' legend (its texts carry their curve's colour) ends above the plot area
    (the top of the axis) and above every point, so no curve runs through it."""
    legend, top, points = driver.execute_script("""
        const svg = document.getElementById('eval-curve');
        const bottoms = [...svg.querySelectorAll('text[fill]')].map((t) => { const b = t.getBBox(); return b.y + b.height; });
        const axis = [...svg.querySelectorAll('line.axis')].map((l) => Math.min(l.y1.baseVal.value, l.y2.baseVal.value));
        const dots = [...svg.querySelectorAll('circle[data-ply]')].map((c) => c.cy.baseVal.value - c.r.baseVal.value);
        return [bottoms, Math.min(...axis), Math.min(...dots)];""")
    check(len(legend) == 2 and max(legend) <= min(top, points),
          f"the legend ({len(legend)} lines, bottom at {max(legend, default=0):.1f}) is above the plot area "
          f"(top {top:.1f}) and every point (highest {points:.1f})")


def shoot_analysis(driver, g, path):
    """The analysis view at the game's first missed ply (after check_curve: both curves)."""
    miss = missed_plies(g)[0]
    driver.find_element(By.ID, "replay-first").click()
    wait(driver, lambda d: text(d, "#replay-ply").startswith("start"), "the start")
    driver.find_element(By.ID, "miss-next").click()
    wait(driver, lambda d: text(d, "#replay-ply").startswith(f"ply {miss} of"), f"the first miss, ply {miss}")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#replay-board .best-badge"), "the best move's badge")
    # A window tall enough for the board, the prediction and the curve, scrolled to the top.
    size = driver.get_window_size()
    driver.set_window_size(size["width"], 1500)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    save_screenshot(driver, path)
    driver.set_window_size(size["width"], size["height"])


def save_screenshot(driver, path):
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(path)
    print(f"screenshot: {path}")


def check_sprt(driver, folder):
    driver.find_element(By.CSS_SELECTOR, '#tabs button[data-tab="summary"]').click()
    Select(driver.find_element(By.ID, "summary-folder")).select_by_value("1")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#llr-plot polyline"), "the SPRT track")
    lines = driver.find_elements(By.CSS_SELECTOR, "#llr-plot .bound")
    bounds = sorted(float(e.get_attribute("data-bound")) for e in lines)
    check(bounds == [-2.944, 2.944], f"the LLR is drawn against the bounds log(beta/(1-alpha)) and back: {bounds}")
    csv = (folder / "summary.csv").read_text().splitlines()
    llr = csv[1].split(",")[csv[0].split(",").index("llr")]
    check(f"LLR {llr}" in text(driver, "#llr-plot"), f"the track ends at the summary's LLR ({llr})")
    check(driver.find_elements(By.CSS_SELECTOR, "#score-plot polygon.band"), "the score plot has its interval band")


def js_errors(driver):
    errors = []
    for entry in driver.get_log("browser"):
        m = entry.get("message", "")
        # The refused click is a 400 answer, which Chromium logs as a failed resource.
        if entry.get("level") == "SEVERE" and "status of 400" not in m:
            errors.append(m)
    return errors


def main():
    args = sys.argv[1:]
    shots = {}
    for option in ("--screenshot", "--play-screenshot"):
        if option in args:
            i = args.index(option)
            if i + 1 >= len(args):
                print(__doc__)
                return 1
            shots[option] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 2:
        print(__doc__)
        return 1
    bao, data = os.path.abspath(args[0]), pathlib.Path(args[1])
    chrome, chromedriver = find_browser()
    if not chrome or not chromedriver:
        print("browser_test: FAIL: no chromium or chromedriver (Debian: chromium chromium-driver; scripts/test "
              "installs them)")
        return 1

    start, moves, final_position = replay_1994(bao, data)
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp) / "game1994"
        make_results(folder, start, moves)
        om_folder, om_games = make_om_results(bao, tmp)
        log = open(pathlib.Path(tmp) / "serve.log", "w")
        server, base = start_server(bao, [folder, om_folder], log)
        opts = webdriver.ChromeOptions()
        opts.binary_location = chrome
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--window-size=1400,1050", f"--user-data-dir={tmp}/chrome"):
            opts.add_argument(a)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = None
        try:
            driver = webdriver.Chrome(service=Service(chromedriver), options=opts)
            items = check_play(driver, base)
            check_board_matches(driver, bao, [i.split(" ", 1)[1] for i in items])
            if "--play-screenshot" in shots:
                # A few more moves, so the picture shows a game under way.
                for _ in range(2):
                    driver.find_element(By.ID, "engine-move").click()
                    n = len(plies(driver))
                    wait(driver, lambda d, n=n: len(plies(d)) >= n + 2, "more moves")
                    wait(driver, lambda d: "South to move" in text(d, "#play-status"), "South to move")
                wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#play-board .gain, #play-board .loss"),
                     "the end of the animation")
                driver.find_element(By.ID, "hint").click()
                wait(driver, lambda d: text(d, "#hint-text").startswith("Hint:"), "the hint")
                time.sleep(0.3)
                save_screenshot(driver, shots["--play-screenshot"])
            check_undo(driver)
            check_replay(driver, final_position)
            check_summary(driver)
            _, game = check_predictions(driver, om_games)
            check_curve(driver, bao, game)
            if "--screenshot" in shots:
                shoot_analysis(driver, game, shots["--screenshot"])
            check_sprt(driver, om_folder)
            check_depth_cap(driver, bao, folder, log)
            errors = js_errors(driver)
            check(not errors, f"no JavaScript errors ({errors})")
            check(server.poll() is None, "the server still runs")
        finally:
            if driver:
                driver.quit()
            server.kill()
            server.wait()
            log.close()
            if os.environ.get("BAO_SERVE_LOG"):
                print((pathlib.Path(tmp) / "serve.log").read_text())
    print("browser_test: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
