#!/usr/bin/env python3
"""Headless-browser checks of a built VibeKeeper site.

Usage: python3 Tests/browser/test_site.py SITE_FOLDER [EXPECTED_SEARCH.json]

Opens the dashboard and the search page from file:// in headless Chromium and checks that
they render (title, h1, navigation) without console errors or external requests, and that
search filters as you type ("zoe" finds "Zoë Lindqvist", "milk" puts the milk item first).
With EXPECTED_SEARCH.json ({"query": ["name", ...]}, as `vibekeeper search` ranks them),
every query must give exactly those names in that order.
Builds nothing itself. Prints one line per check and a closing "N passed, M failed";
exits 0 only when every check passed. Exit code 2: the browser, driver or selenium is
missing (the Swift test decides whether that is a failure).
"""

import json
import os
import shutil
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("missing: the Python package selenium (pip install selenium)")
    sys.exit(2)


def find_binary(names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print("ok   " + name)
        else:
            self.failed += 1
            print("FAIL " + name + (": " + detail if detail else ""))


def make_driver():
    browser = find_binary(["chromium", "chromium-browser", "google-chrome", "chrome"])
    driver_path = find_binary(["chromedriver"])
    if not browser or not driver_path:
        print("missing: chromium and chromedriver (apt-get install chromium chromium-driver)")
        sys.exit(2)
    options = Options()
    options.binary_location = browser
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver_path), options=options)


def severe_logs(driver):
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def external_requests(driver):
    names = driver.execute_script(
        "return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
    return [name for name in names if not name.startswith("file://")]


def check_page(checks, driver, url, name):
    driver.get(url)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script("return document.readyState") == "complete")
    checks.check(name + ": has a title", bool(driver.title.strip()), repr(driver.title))
    h1 = driver.find_elements(By.TAG_NAME, "h1")
    checks.check(name + ": has one h1", len(h1) == 1 and bool(h1[0].text.strip()), str(len(h1)))
    nav = driver.find_elements(By.CSS_SELECTOR, "nav[aria-label='Main'] a")
    checks.check(name + ": has the navigation", len(nav) >= 9, str(len(nav)))
    checks.check(name + ": has main#main", len(driver.find_elements(By.CSS_SELECTOR, "main#main")) == 1)
    styled = driver.execute_script(
        "return getComputedStyle(document.querySelector('.site-header')).borderTopStyle;")
    checks.check(name + ": the stylesheet is applied", styled == "solid", repr(styled))
    errors = severe_logs(driver)
    checks.check(name + ": no console errors", not errors, repr(errors))
    external = external_requests(driver)
    checks.check(name + ": no external requests", not external, repr(external))


def results(driver):
    return [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#search-results a")]


def type_query(driver, text):
    box = driver.find_element(By.ID, "q")
    box.clear()
    box.send_keys(text)
    try:
        WebDriverWait(driver, 5).until(lambda d: len(results(d)) > 0)
    except Exception:
        pass
    return results(driver)


def check_every_page(checks, driver, site):
    """Every page at 360 px: no horizontal scrolling, no console errors, nothing external."""
    driver.set_window_size(360, 800)
    pages = sorted(os.path.relpath(os.path.join(folder, name), site)
                   for folder, _, names in os.walk(site) for name in names if name.endswith(".html"))
    wide, errors, external, headings, images = [], [], [], [], []
    for page in pages:
        driver.get("file://" + os.path.join(site, page))
        width, viewport = driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth];")
        if width > viewport:
            wide.append("%s (%d px)" % (page, width))
        levels = driver.execute_script(
            "return Array.from(document.querySelectorAll('h1,h2,h3,h4,h5,h6'))"
            ".map(function (h) { return +h.tagName[1]; });")
        skips = [b for a, b in zip(levels, levels[1:]) if b > a + 1]
        if not levels or levels[0] != 1 or levels.count(1) != 1 or skips:
            headings.append("%s %r" % (page, levels))
        if driver.execute_script("return document.querySelectorAll('img:not([alt])').length;"):
            images.append(page)
        errors += [page + ": " + entry.get("message", "") for entry in severe_logs(driver)]
        external += [page + ": " + name for name in external_requests(driver)]
    checks.check("all %d pages: no horizontal scrolling at 360 px" % len(pages), not wide, repr(wide))
    checks.check("all pages: one h1, then headings in order without skips", not headings,
                 repr(headings[:5]))
    checks.check("all pages: every image has alt text", not images, repr(images[:5]))
    checks.check("all pages: no console errors", not errors, repr(errors[:5]))
    checks.check("all pages: no external requests", not external, repr(external[:5]))


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: test_site.py SITE_FOLDER [EXPECTED_SEARCH.json]")
        return 64
    expected = {}
    if len(sys.argv) == 3:
        with open(sys.argv[2], encoding="utf-8") as f:
            expected = json.load(f)
    site = os.path.abspath(sys.argv[1])
    for page in ["index.html", "search.html"]:
        if not os.path.isfile(os.path.join(site, page)):
            print("no " + page + " in " + site)
            return 1
    checks = Checks()
    driver = make_driver()
    try:
        check_page(checks, driver, "file://" + os.path.join(site, "index.html"), "dashboard")
        current = driver.find_elements(By.CSS_SELECTOR, "nav a[aria-current='page']")
        checks.check("dashboard: the nav marks the dashboard",
                     [a.text for a in current] == ["Dashboard"], repr([a.text for a in current]))
        links = driver.execute_script(
            "return Array.from(document.querySelectorAll('main a[href]')).map(function (a) { return a.href; });")
        broken = [href for href in links if href.startswith("file://")
                  and not os.path.isfile(href[len("file://"):].split("#")[0].split("?")[0])]
        checks.check("dashboard: every link inside the site resolves", not broken, repr(broken[:5]))

        check_page(checks, driver, "file://" + os.path.join(site, "search.html"), "search")
        status = driver.find_element(By.ID, "search-status")
        checks.check("search: the status is a live region",
                     status.get_attribute("aria-live") == "polite" or status.get_attribute("role") == "status")
        found = type_query(driver, "zoe")
        checks.check("search: 'zoe' finds Zoë Lindqvist", "Zoë Lindqvist" in found, repr(found))
        checks.check("search: the status counts the results",
                     str(len(found)) in status.text or (len(found) == 1 and "1 result" in status.text),
                     repr(status.text))
        found = type_query(driver, "milk")
        checks.check("search: 'milk' shows the milk item first",
                     bool(found) and found[0] == "Fresh whole milk", repr(found))
        found = type_query(driver, "qqqxyz")
        checks.check("search: no results says so", not found and "No results" in status.text,
                     repr(status.text))
        for query in sorted(expected):
            found = type_query(driver, query)
            checks.check("search: %r ranks like vibekeeper search" % query, found == expected[query],
                         "%r, expected %r" % (found, expected[query]))
        driver.get("file://" + os.path.join(site, "search.html") + "?q=milk")
        WebDriverWait(driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        folded = driver.execute_script(
            "return [VibeKeeperSearch.fold('  Zoë  ÆBLE Straße '), VibeKeeperSearch.fold('Łódź')];")
        checks.check("search: folds like the server", folded == ["zoe aeble strasse", "lodz"],
                     repr(folded))
        checks.check("search: ?q= in the address searches at once",
                     results(driver)[:1] == ["Fresh whole milk"], repr(results(driver)))
        errors = severe_logs(driver)
        checks.check("search: no console errors after typing", not errors, repr(errors))
        check_every_page(checks, driver, site)
    finally:
        driver.quit()
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return 0 if checks.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
