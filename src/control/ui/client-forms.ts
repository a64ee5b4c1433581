/**
 * The inspector script's form and button handlers (part of `client.js`, see client.ts): one
 * documented `/_mock` call each, their answer shown in the view's result area.
 */
export const SCENARIO_JS = String.raw`
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
    say(button.dataset.result, method + " /_mock/" + path + " \u2192 " + r.status + "\n" + JSON.stringify(r.json, null, 2), !r.ok);
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
      say("scenarios-result", "Loaded " + r.json.loaded + " (" + r.json.rules + (r.json.rules === 1 ? " rule" : " rules") + ")" + (r.json.note ? ". " + r.json.note : ""));
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

  /** The sandbox form: a seed and shipped scenario names, as POST /_mock/sandboxes takes them. */
  async function createSandbox(ev) {
    ev.preventDefault();
    const form = ev.target;
    const body = {};
    const seed = form.elements.seed.value.trim();
    if (seed) body.seed = seed;
    const names = [...form.elements.scenarios.selectedOptions].map((o) => o.value);
    if (names.length) body.scenarios = names;
    const r = await call("POST", "sandboxes", body);
    say("sandboxes-result", "POST /_mock/sandboxes \u2192 " + r.status + "\n" + JSON.stringify(r.json, null, 2), !r.ok);
    soon();
  }
`;
