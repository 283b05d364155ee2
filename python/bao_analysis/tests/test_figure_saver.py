"""The one figure saver (bao_analysis.figure_saver): the same figure twice gives the same
bytes, and the STANDARD style writes no version string or date."""
import matplotlib.pyplot as plt

from bao_analysis.figure_saver import COMPACT, STANDARD, save_figure


def drawn():
    fig, ax = plt.subplots(figsize=(2, 2))
    ax.plot([0, 1, 2], [1, 0, 2], "o-")
    ax.set_title("a test figure")
    return fig


def saved(tmp_path, name, style):
    stem = str(tmp_path / name)
    save_figure(drawn(), stem, style)
    return open(stem + ".png", "rb").read(), open(stem + ".pdf", "rb").read()


def test_a_rerun_gives_the_same_bytes(tmp_path):
    for style in (STANDARD, COMPACT):
        assert saved(tmp_path, "a", style) == saved(tmp_path, "b", style)


def test_standard_files_carry_no_version_or_date(tmp_path):
    png, pdf = saved(tmp_path, "s", STANDARD)
    assert png.startswith(b"\x89PNG") and pdf.startswith(b"%PDF")
    assert b"Software" not in png and b"matplotlib" not in png
    assert b"CreationDate" not in pdf and b"Producer" not in pdf


def test_compact_keeps_matplotlib_s_own_png_metadata_and_no_date(tmp_path):
    png, pdf = saved(tmp_path, "c", COMPACT)
    assert b"Software" in png
    assert b"CreationDate" not in pdf


def test_the_figure_is_closed(tmp_path):
    fig = drawn()
    save_figure(fig, str(tmp_path / "x"))
    assert not plt.fignum_exists(fig.number)
