"""Rasterise static/img/app-icon.svg to the PNG icons the web app manifest names.

Run once after changing the SVG (it drives Debian's Chromium through Playwright, as the
browser tests do): ``python scripts/make_app_icons.py``. The PNGs are committed.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "static" / "img" / "app-icon.svg"
SIZES = (192, 512)


def main() -> None:
    svg = SVG.read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            style = f"<style>html,body{{margin:0}}svg{{width:{size}px;height:{size}px}}</style>"
            page.set_content(style + svg)
            out = ROOT / "static" / "img" / f"app-icon-{size}.png"
            page.screenshot(path=str(out), omit_background=False)
            page.close()
            print(out.relative_to(ROOT))
        browser.close()


if __name__ == "__main__":
    main()
