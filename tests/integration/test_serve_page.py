"""The page of ``kgsparql serve`` in a real headless Chromium (Debian's chromium + chromium-driver,
driven by selenium): a question typed into the box gets its answer, the evidence graph (an SVG the
page draws), the stats line and the SPARQL it ran; a claim gets its verdict. The screenshots are
kept as test artifacts (``KGSPARQL_ARTIFACTS`` names a folder to copy them to)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import server_missing
from kgsparql.config import Settings
from kgsparql.kg import ensure_demo_store
from serveproc import ServeProcess

pytest.importorskip("uvicorn", reason="the serve extra is not installed")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (test extra)")
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1200,900")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    home = tmp_path_factory.mktemp("page-home")
    store = str(ensure_demo_store(Settings()))
    with ServeProcess(home, "--store", store, env={"KGSPARQL_HOME": str(home)}) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        server_missing("chromium / chromedriver are not installed (bash scripts/install-chromium.sh)")
    from selenium.webdriver.chrome.service import Service as DriverService

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=DriverService(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def keep(driver, tmp_path: Path, name: str) -> Path:
    shot = tmp_path / name
    driver.save_screenshot(str(shot))
    folder = os.environ.get("KGSPARQL_ARTIFACTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / name)
    return shot


def open_page(driver, server):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(server.url)
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#method option"))
    return By, WebDriverWait


def submit(driver, server, text: str, button: str):
    from selenium.webdriver.support import expected_conditions as ready

    By, WebDriverWait = open_page(driver, server)
    box = driver.find_element(By.ID, "text")
    box.clear()
    box.send_keys(text)
    driver.find_element(By.ID, button).click()
    WebDriverWait(driver, 120).until(ready.visibility_of_element_located((By.ID, "result")))
    return By


def test_a_typed_question_shows_its_answer_graph_stats_and_sparql(browser, server, tmp_path):
    By = submit(browser, server, "Who directed Kismet?", "ask")
    assert browser.find_element(By.ID, "heading").text == "Answer"
    assert [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#answers li")] == ["William Dieterle"]
    graph = browser.find_element(By.CSS_SELECTOR, "#graph svg#evidence-graph")
    nodes = {n.text for n in graph.find_elements(By.CSS_SELECTOR, "g.node text")}
    assert {"Kismet", "William Dieterle"} <= nodes
    assert graph.find_element(By.CSS_SELECTOR, "g.node.answer text").text == "William Dieterle"
    assert graph.find_element(By.CSS_SELECTOR, "g.node.topic text").text == "Kismet"
    assert "directed by" in {e.text for e in graph.find_elements(By.CSS_SELECTOR, "g.edge text")}
    assert graph.size["width"] > 100 and graph.size["height"] > 20
    assert "SPARQL queries" in browser.find_element(By.ID, "stats").text
    browser.find_element(By.ID, "sparql-summary").click()
    queries = browser.find_elements(By.CSS_SELECTOR, "#sparql-list pre")
    assert queries and queries[0].is_displayed() and "SELECT" in " ".join(q.text for q in queries)
    assert keep(browser, tmp_path, "serve-page-question.png").stat().st_size > 10_000


def test_a_claim_shows_its_verdict_and_evidence(browser, server, tmp_path):
    By = submit(browser, server, "Ang Lee didn't direct The Ice Storm.", "verify")
    assert browser.find_element(By.ID, "heading").text == "FALSE"
    edges = browser.find_elements(By.CSS_SELECTOR, "#graph svg g.edge text")
    assert "directed by" in {e.text for e in edges}
    keep(browser, tmp_path, "serve-page-claim.png")


def test_a_refused_question_shows_the_error_line(browser, server):
    By, WebDriverWait = open_page(browser, server)
    browser.execute_script("const box = document.getElementById('text'); box.removeAttribute('maxlength');"
                           "box.value = 'x'.repeat(2001);")
    browser.find_element(By.ID, "ask").click()
    WebDriverWait(browser, 30).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    assert "the limit is 2,000" in browser.find_element(By.ID, "error").text
    assert not browser.find_element(By.ID, "result").is_displayed()
