"""Screenshots of the built documentation and of a dispute report, in headless Chromium.

``nox -s screenshots`` builds the HTML, then runs this script::

    python docs/_ext/screenshots.py HTML_DIR OUT_DIR [CHROMIUM]

Each shot is one page, or one part of a page: for a part, a copy of the page
is written beside it whose script keeps only the part named by an anchor (a
rule entry, a section), so the screenshot starts there instead of at the top
of a long page. The copies are removed afterwards. The dispute report is
written with ``cardrules explain RECORD --step N --html``, as a user would.

The browser is found on ``PATH`` (``chromium``, ``chromium-browser``,
``google-chrome``) unless given; without one the script says so and exits 0,
so a machine without a browser skips the shots instead of failing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final, NamedTuple

__all__ = ["SHOTS", "Shot", "find_browser", "main", "take"]


class Shot(NamedTuple):
    """One screenshot: the page (relative to the HTML directory), an anchor or ``""``, a height."""

    name: str
    page: str
    anchor: str = ""
    height: int = 1800


SHOTS: Final = (
    Shot("felagsvist-top", "rules/felagsvist.html"),
    Shot("felagsvist-options", "rules/felagsvist.html", "felagsvist-options", 1400),
    Shot("felagsvist-must-follow", "rules/felagsvist.html", "felagsvist.play.must-follow", 2000),
    Shot("felagsvist-lead-any", "rules/felagsvist.html", "felagsvist.play.lead-any", 1400),
    Shot("fildinski-top", "rules/fildinski.html"),
    Shot("fildinski-options", "rules/fildinski.html", "fildinski-options", 1600),
    Shot("fildinski-must-head", "rules/fildinski.html", "fildinski.endgame.must-head", 1400),
    Shot("fildinski-fresh-card", "rules/fildinski.html", "fildinski.meld.fresh-card", 2400),
    Shot("fildinski-disputed", "rules/fildinski.html", "fildinski-disputed", 2400),
    Shot("calabresella-top", "rules/calabresella.html"),
    Shot("calabresella-options", "rules/calabresella.html", "calabresella-options", 1800),
    Shot("calabresella-follow", "rules/calabresella.html", "calabresella.play.follow", 2400),
    Shot("calabresella-call", "rules/calabresella.html", "calabresella.exchange.call", 1400),
    Shot("backstab-fish-top", "rules/backstab_fish.html"),
    Shot("backstab-fish-options", "rules/backstab_fish.html", "backstab-fish-options", 1400),
    Shot("backstab-fish-count", "rules/backstab_fish.html", "backstab_fish.ask.count", 1400),
    Shot("backstab-fish-target", "rules/backstab_fish.html", "backstab_fish.ask.target", 2600),
    Shot("common-cards-held", "rules/common.html", "common.cards.held", 2400),
    Shot("glossary", "glossary.html", "", 2000),
    Shot("pictures-guide", "guides/pictures.html", "", 2400),
    Shot("pictures-guide-marks", "guides/pictures.html", "marking-cards", 1600),
    Shot("pictures-guide-tricks", "guides/pictures.html", "cards-hands-and-tricks", 1000),
    Shot("pictures-guide-suits", "guides/pictures.html", "telling-the-suits-apart", 1400),
    Shot("claims-guide", "guides/claims.html", "", 1800),
    Shot("traceability", "traceability.html"),
    Shot("api-svg", "api/svg.html"),
    Shot("dispute-report", "dispute.html", "", 1400),
    Shot("agents-guide", "guides/agents.html", "", 2400),
    Shot("agents-guide-mcts", "guides/agents.html", "mcts-against-random-play", 1800),
    Shot("pettingzoo-guide", "guides/pettingzoo.html", "", 2400),
)
"""The shots taken, in order."""

_ISOLATE: Final = """<script>
(function () {
  var target = document.getElementById(%r);
  var article = document.querySelector("article") || document.body;
  if (!target) { return; }
  var part = target.closest("dl") || target.closest("section") || target;
  if (part.tagName === "SPAN" && part.nextElementSibling) { part = part.nextElementSibling; }
  article.replaceChildren(part);
})();
</script>
"""

_BROWSERS: Final = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_browser() -> str | None:
    """A headless-capable Chromium on ``PATH``, or ``None``."""
    for name in _BROWSERS:
        found = shutil.which(name)
        if found:
            return found
    return None


def _page_for(html_dir: Path, shot: Shot) -> Path:
    page = html_dir / shot.page
    if not shot.anchor:
        return page
    text = page.read_text(encoding="utf-8")
    copy = page.with_name(f"_shot-{shot.name}.html")
    copy.write_text(text.replace("</body>", _ISOLATE % shot.anchor + "</body>"), encoding="utf-8")
    return copy


def take(browser: str, html_dir: Path, out_dir: Path, shot: Shot, profile: Path) -> Path:
    """Take one shot; return the PNG's path.

    Raises:
        RuntimeError: the browser wrote no image.
    """
    page = _page_for(html_dir, shot)
    target = out_dir / f"{shot.name}.png"
    try:
        subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--virtual-time-budget=5000",
                f"--window-size=1280,{shot.height}",
                f"--screenshot={target}",
                page.resolve().as_uri(),
            ],
            check=False,
            capture_output=True,
            timeout=120,
        )
    finally:
        if page.name.startswith("_shot-"):
            page.unlink()
    if not target.is_file():
        raise RuntimeError(f"{browser} wrote no screenshot of {shot.page}#{shot.anchor}")
    return target


def write_dispute_report(html_dir: Path, repo: Path) -> None:
    """The Félagsvist dispute of the repository as a report page, beside the built docs."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardrules",
            "explain",
            str(repo / "tests" / "records" / "felagsvist-dispute.toml"),
            "--step",
            "0",
            "--html",
            str(html_dir / "dispute.html"),
        ],
        check=False,
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 1):  # 1: the step judged is illegal, as this one is
        raise RuntimeError(f"cardrules explain failed: {done.stderr.strip()}")


def main(argv: list[str]) -> int:
    """Take every shot of :data:`SHOTS`; 0 when done or when no browser is found."""
    if len(argv) not in (2, 3):
        print("usage: screenshots.py HTML_DIR OUT_DIR [CHROMIUM]", file=sys.stderr)
        return 2
    html_dir, out_dir = Path(argv[0]), Path(argv[1])
    browser = argv[2] if len(argv) == 3 else find_browser()
    if browser is None:
        print(f"no Chromium on PATH (looked for {', '.join(_BROWSERS)}): no screenshots taken")
        return 0
    out_dir.mkdir(parents=True, exist_ok=True)
    write_dispute_report(html_dir, Path(__file__).resolve().parents[2])
    with tempfile.TemporaryDirectory(prefix="cardrules-shots-") as profile:
        for shot in SHOTS:
            print(take(browser, html_dir, out_dir, shot, Path(profile)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
