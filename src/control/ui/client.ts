/**
 * The inspector's only script, served at `/_mock/ui/client.js` (no CDN, no build step). It does
 * three things and holds no behaviour of its own: loads each view's HTML fragment (rendered and
 * escaped on the server), refreshes it when `/_mock/events` reports a change, and turns a button
 * into one `fetch` of the documented `/_mock` route it names, as `application/json` (or
 * `application/yaml` for scenario text), same origin, which the control API's cross-origin guard allows.
 * Everything it writes into the page itself goes through `textContent`.
 */
export const CLIENT_JS = String.raw`
"use strict";
(() => {
  const mock = document.body.dataset.mock;
  const latency = new Map();
  const views = [...document.querySelectorAll("section.view")].map((s) => s.id);
  let current = null;
  let timer = null;
  let loads = 0;

  function viewFromHash() {
    const h = location.hash.slice(1);
    if (views.includes(h)) return h;
    if (h.startsWith("tx-")) return "transactions";
    return "log";
  }

  function show(view) {
    current = view;
    for (const id of views) document.getElementById(id).hidden = id !== view;
    for (const a of document.querySelectorAll("[data-tab]")) {
      if (a.dataset.tab === view) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    return refresh(view);
  }

  async function refresh(view) {
    const body = document.querySelector('[data-view="' + view + '"]');
    let query = "";
    if (view === "log") {
      const p = new URLSearchParams();
      for (const [k, v] of new FormData(document.getElementById("log-filters"))) if (String(v).trim()) p.set(k, String(v).trim());
      query = p.toString() ? "?" + p : "";
    }
    let html;
    try {
      html = await (await fetch(mock + "/ui/views/" + view + query)).text();
    } catch {
      document.getElementById("live").textContent = "the double is not answering";
      return;
    }
    // What the reader opened and the answers shown inside the view survive the refresh.
    const open = [...body.querySelectorAll("details[open][id]")].map((d) => d.id);
    const said = [...body.querySelectorAll("output[id]")].filter((o) => o.textContent).map((o) => [o.id, o.textContent, o.className]);
    body.innerHTML = html;
    for (const id of open) document.getElementById(id)?.setAttribute("open", "");
    for (const [id, text, cls] of said) {
      const o = document.getElementById(id);
      if (o) (o.textContent = text), (o.className = cls);
    }
    if (view === "log") fillLatency(body);
    body.dataset.loaded = String(++loads);
    const h = location.hash.slice(1);
    if (h.startsWith("tx-")) document.getElementById(h)?.scrollIntoView();
  }

  function fillLatency(root) {
    for (const cell of root.querySelectorAll("[data-latency-for]")) {
      const ms = latency.get(Number(cell.dataset.latencyFor));
      if (ms !== undefined) cell.textContent = ms + " ms";
    }
  }

  function soon() {
    clearTimeout(timer);
    timer = setTimeout(() => current && refresh(current), 100);
  }

  function connect() {
    const live = document.getElementById("live");
    const es = new EventSource(mock + "/events");
    es.addEventListener("open", () => (live.textContent = "live"));
    es.addEventListener("error", () => (live.textContent = "reconnecting…"));
    es.addEventListener("request", (ev) => {
      const e = JSON.parse(ev.data);
      latency.set(e.seq, e.latency_ms);
      // A refresh may already have drawn this row (its journal entry comes before its event).
      fillLatency(document);
      soon();
    });
    es.addEventListener("world", soon);
  }

  function say(id, text, isError) {
    const out = document.getElementById(id);
    if (!out) return;
    out.textContent = text;
    out.classList.toggle("error", !!isError);
  }

  async function call(method, path, body, contentType) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = contentType || "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const res = await fetch(mock + "/" + path, init);
    const text = await res.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch { json = text; }
    return { ok: res.ok, status: res.status, json };
  }

  async function onCall(button) {
    if (button.dataset.confirm && !confirm(button.dataset.confirm)) return;
    const [method, path] = button.dataset.call.split(" ");
    let body = button.dataset.body ? JSON.parse(button.dataset.body) : undefined;
    if (button.dataset.input) body = { [button.dataset.field]: document.getElementById(button.dataset.input).value.trim() };
    if (body === undefined && method !== "GET" && method !== "DELETE") body = {};
    const r = await call(method, path, body);
    say(button.dataset.result, method + " /_mock/" + path + " → " + r.status + "\n" + JSON.stringify(r.json, null, 2), !r.ok);
    soon();
  }

  async function onExplain(button) {
    const seq = button.dataset.explain;
    const entry = await call("GET", "requests/" + seq);
    if (!entry.ok) return say(button.dataset.result, JSON.stringify(entry.json, null, 2), true);
    const e = entry.json;
    const req = { operation: e.operation, body: e.body ?? undefined };
    if (e.client_id) req.client = e.client_id;
    if (!e.operation) return say(button.dataset.result, "No operation: this request matched no route.", true);
    const r = await call("POST", "scenarios/explain", req);
    const lines = r.ok
      ? ["Would match: " + (r.json.matched ? r.json.matched.rule : "no rule")].concat(r.json.near_misses.map((m) => "Near-miss " + m.rule + ": " + m.reason))
      : [JSON.stringify(r.json, null, 2)];
    say(button.dataset.result, lines.join("\n"), !r.ok);
  }

  async function loadScenario(ev) {
    ev.preventDefault();
    const text = document.getElementById("scenario-text").value;
    const type = /^\s*[{[]/.test(text) ? "application/json" : "application/yaml";
    const r = await call("POST", "scenarios", text, type);
    const box = document.getElementById("scenario-errors");
    box.replaceChildren();
    if (r.ok) {
      say("scenarios-result", "Loaded " + r.json.loaded + " (" + r.json.rules + " rules)" + (r.json.note ? ". " + r.json.note : ""));
      soon();
      return;
    }
    say("scenarios-result", "Not loaded: " + (r.json && r.json.error_message ? r.json.error_message : r.status), true);
    const problems = Object.entries((r.json && r.json.details) || {}).map(([path, msg]) => {
      const m = /^line (\d+), column (\d+): (.*)$/s.exec(msg);
      return m ? { path, line: Number(m[1]), column: Number(m[2]), message: m[3] } : { path, line: null, column: null, message: msg };
    });
    const list = document.createElement("ul");
    list.className = "errors";
    for (const p of problems) {
      const li = document.createElement("li");
      li.textContent = (p.line ? "line " + p.line + ", column " + p.column + ": " : "") + (p.path ? p.path + ": " : "") + p.message;
      list.append(li);
    }
    const bad = new Set(problems.map((p) => p.line));
    const source = document.createElement("ol");
    source.className = "source";
    source.setAttribute("aria-label", "The scenario text, problem lines marked");
    text.split("\n").forEach((line, i) => {
      const li = document.createElement("li");
      li.textContent = line || " ";
      if (bad.has(i + 1)) {
        li.className = "bad";
        li.title = "problem on this line";
        li.dataset.line = String(i + 1);
      }
      source.append(li);
    });
    box.append(list, source);
  }

  document.addEventListener("click", (ev) => {
    const t = ev.target.closest("button");
    if (!t) return;
    if (t.dataset.call) onCall(t);
    else if (t.dataset.explain) onExplain(t);
    else if (t.dataset.copy) {
      const text = document.getElementById(t.dataset.copy).textContent;
      navigator.clipboard?.writeText(text).then(() => (t.textContent = "Copied"), () => (t.textContent = "Select and copy"));
    }
  });
  document.getElementById("log-filters").addEventListener("input", soon);
  document.getElementById("log-filters").addEventListener("submit", (ev) => { ev.preventDefault(); soon(); });
  document.getElementById("scenario-form").addEventListener("submit", loadScenario);
  document.getElementById("scenario-file").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (f) document.getElementById("scenario-text").value = await f.text();
  });
  addEventListener("hashchange", () => show(viewFromHash()));
  show(viewFromHash());
  connect();
})();
`;
