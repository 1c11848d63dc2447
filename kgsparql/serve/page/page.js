// The page of `kgsparql serve`: sends the box to /page/ask or /page/verify (the /v1 objects plus the
// SPARQL they ran), shows answers or the verdict, draws the evidence paths as a small SVG graph,
// the stats line and the queries. Text from the KG only ever goes in through textContent.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const MAX_PATHS = 8, COL = 300, ROW = 54, BOX_W = 176, BOX_H = 30, PAD = 20;

function el(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function short(text, n) { return text.length > n ? text.slice(0, n - 1) + "…" : text; }

// nodes and edges of the first evidence paths; each triple is [subject, relation, object]
function graphOf(evidence) {
  const nodes = new Map(), edges = new Map();
  evidence.slice(0, MAX_PATHS).forEach((item) => {
    const seen = new Set();
    item.path.forEach(([h, r, t]) => {
      for (const name of [h, t]) {
        if (!nodes.has(name)) nodes.set(name, { name, paths: 0, links: new Set() });
        if (!seen.has(name)) { nodes.get(name).paths += 1; seen.add(name); }
      }
      nodes.get(h).links.add(t); nodes.get(t).links.add(h);
      const key = JSON.stringify([h, r, t]);
      if (!edges.has(key)) edges.set(key, { h, r, t, contradicts: item.supports === false });
    });
  });
  return { nodes, edges: [...edges.values()] };
}

// columns by distance from the entity most paths share (the topic), breadth first
function layout(nodes) {
  const order = [...nodes.values()].sort((a, b) => b.paths - a.paths);
  const column = new Map();
  for (const start of order) {
    if (column.has(start.name)) continue;
    const base = column.size ? Math.max(...column.values()) + 1 : 0;
    const queue = [start.name];
    column.set(start.name, base);
    while (queue.length) {
      const name = queue.shift();
      for (const next of nodes.get(name).links) {
        if (!column.has(next)) { column.set(next, column.get(name) + 1); queue.push(next); }
      }
    }
  }
  const rows = new Map(), pos = new Map();
  for (const [name, col] of column) {
    const row = rows.get(col) || 0;
    rows.set(col, row + 1);
    pos.set(name, { x: PAD + col * COL, y: PAD + row * ROW });
  }
  return { pos, topic: order.length ? order[0].name : null, cols: rows.size, rows: Math.max(1, ...rows.values()) };
}

function drawGraph(evidence, answers) {
  const figure = $("graph");
  figure.replaceChildren();
  if (!evidence.length) return;
  const { nodes, edges } = graphOf(evidence);
  const { pos, topic, cols, rows } = layout(nodes);
  const svg = el("svg", { id: "evidence-graph", role: "img", "aria-label": "evidence paths",
    width: PAD * 2 + (cols - 1) * COL + BOX_W, height: PAD * 2 + (rows - 1) * ROW + BOX_H });
  const defs = el("defs");
  const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7,
    markerHeight: 7, orient: "auto-start-reverse" });
  marker.appendChild(el("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#8a96a8" }));
  defs.appendChild(marker);
  svg.appendChild(defs);
  for (const e of edges) {
    const a = pos.get(e.h), b = pos.get(e.t);
    const forward = a.x <= b.x;
    const x1 = a.x + (forward ? BOX_W : 0), x2 = b.x + (forward ? 0 : BOX_W);
    const y1 = a.y + BOX_H / 2, y2 = b.y + BOX_H / 2;
    const bend = a.x === b.x ? 60 : 0;
    const mx = (x1 + x2) / 2 + bend, my = (y1 + y2) / 2;
    const g = el("g", { class: "edge" + (e.contradicts ? " contradicts" : "") });
    g.appendChild(el("path", { d: `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`, "marker-end": "url(#arrow)" }));
    g.appendChild(el("text", { x: mx, y: my - 4, "text-anchor": "middle" }, short(e.r, 30)));
    g.appendChild(el("title", {}, `${e.h} —${e.r}→ ${e.t}`));
    svg.appendChild(g);
  }
  const answerSet = new Set(answers);
  for (const [name, p] of pos) {
    const kind = answerSet.has(name) ? " answer" : name === topic ? " topic" : "";
    const g = el("g", { class: "node" + kind });
    g.appendChild(el("rect", { x: p.x, y: p.y, width: BOX_W, height: BOX_H, rx: 6 }));
    g.appendChild(el("text", { x: p.x + BOX_W / 2, y: p.y + BOX_H / 2 + 4, "text-anchor": "middle" }, short(name, 26)));
    g.appendChild(el("title", {}, name));
    svg.appendChild(g);
  }
  figure.appendChild(svg);
}

function statsLine(s) {
  const trips = s.sparql_round_trips < s.sparql_queries ? ` (${s.sparql_round_trips} round trips)` : "";
  return `${s.sparql_queries} SPARQL queries${trips}, ${s.llm_calls} LLM calls, ${Number(s.seconds).toFixed(3)} s`;
}

function showResult(mode, data) {
  const r = data.result;
  const list = $("answers");
  list.replaceChildren();
  $("heading").className = "";
  $("explanation").textContent = "";
  if (mode === "verify") {
    $("heading").textContent = r.verdict.toUpperCase().replace(/_/g, " ");
    $("heading").className = "verdict-" + r.verdict;
    $("explanation").textContent = r.explanation || "";
  } else if (r.abstained) {
    $("heading").textContent = "No answer";
    $("explanation").textContent = r.abstained;
  } else {
    $("heading").textContent = r.answers.length ? "Answer" + (r.answers.length > 1 ? "s" : "") : "No answer found";
    for (const a of r.answers.slice(0, 20)) list.appendChild(Object.assign(document.createElement("li"), { textContent: a }));
  }
  drawGraph(r.evidence, mode === "verify" ? [] : r.answers);
  $("stats").textContent = statsLine(r.stats);
  const cached = r.stats.sparql_cache_hits ? `, ${r.stats.sparql_cache_hits} answered from the cache` : "";
  $("sparql-summary").textContent = `SPARQL it ran (${data.sparql.length} queries${cached})`;
  const queries = $("sparql-list");
  queries.replaceChildren();
  for (const q of data.sparql) {
    const li = document.createElement("li");
    li.appendChild(Object.assign(document.createElement("pre"), { textContent: q.trim() }));
    queries.appendChild(li);
  }
}

async function submit(mode) {
  const text = $("text").value.trim();
  if (!text) return;
  const body = mode === "verify" ? { claim: text } : { question: text, method: $("method").value || null };
  $("busy").hidden = false;
  $("out").hidden = false;
  $("error").hidden = true;
  $("result").hidden = true;
  try {
    const response = await fetch(`/page/${mode}`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    showResult(mode, data);
    $("result").hidden = false;
  } catch (err) {
    $("error").textContent = err.message;
    $("error").hidden = false;
  } finally {
    $("busy").hidden = true;
  }
}

async function loadHealth() {
  const health = await (await fetch("/healthz")).json();
  for (const name of health.methods) {
    const option = Object.assign(document.createElement("option"), { value: name, textContent: name });
    option.selected = name === health.method;
    $("method").appendChild(option);
  }
  $("text").maxLength = health.max_question_chars;
  $("kg").textContent = `Ask a question, or check a claim, against the knowledge graph ` +
    `(${health.endpoint} store, ${health.adapter} adapter, LLM: ${health.llm}).`;
}

document.addEventListener("DOMContentLoaded", () => {
  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    const mode = event.submitter ? event.submitter.value : ($("text").value.trim().endsWith("?") ? "ask" : "verify");
    submit(mode);
  });
  $("text").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      submit($("text").value.trim().endsWith("?") ? "ask" : "verify");
    }
  });
  loadHealth().catch((err) => { $("kg").textContent = "the server did not answer: " + err.message; });
});
