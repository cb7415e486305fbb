"""Odds in the page: asked through the worker, latest wins, drawn as an SVG bar chart under the CSP."""

ASK_AND_DRAW = """
async () => {
  const base = new URL("./", location.href).href;
  const { Engine } = await import(base + "src/rpc.mjs");
  const { OddsClient, isSuperseded } = await import(base + "src/odds/odds_client.mjs");
  const { renderOddsChart } = await import(base + "src/odds/odds_chart.mjs");
  const engine = await new Promise((resolve, reject) => {
    const e = new Engine({ base: new URL(base), onReady: () => resolve(e), onBootError: reject });
  });
  const client = new OddsClient(engine, { delayMs: 10 });
  const stale = client.ask("coc.d100", { value: 10 }).then(() => "answered", (e) => (isSuperseded(e) ? "superseded" : String(e)));
  const answer = await client.ask("armageddon.task", { attribute: 3, skill: 2 });
  const box = document.createElement("div");
  box.id = "odds-test";
  document.body.append(box);
  renderOddsChart(box, answer.result);
  engine.worker.terminate();
  return {
    stale: await stale,
    ok: answer.ok,
    bars: box.querySelectorAll("svg rect").length,
    outcomes: answer.result.outcomes.length,
    spoken: [...box.querySelectorAll("li")].map((li) => li.textContent),
    caption: box.querySelector("figcaption").textContent,
  };
}
"""


def test_odds_through_the_worker_latest_wins_and_chart_with_spoken_percentages(app):
    drawn = app.evaluate(ASK_AND_DRAW)
    assert drawn["ok"] and drawn["stale"] == "superseded"
    assert drawn["bars"] == drawn["outcomes"] >= 5
    assert "Failure: 30% (exactly 3/10)" in drawn["spoken"]
    assert drawn["caption"].startswith("Task") and "success 70%" in drawn["caption"]
