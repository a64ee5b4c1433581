import { SCENARIO_JS } from "./client-forms.js";

/**
 * The inspector's only script, served at `/_mock/ui/client.js` (no CDN, no build step, nothing
 * inline: the page's Content-Security-Policy allows this file alone). It holds no behaviour of its
 * own: it loads each view's HTML fragment (rendered and escaped on the server), keeps the log up to
 * date from `/_mock/events` by asking only for the rows newer than those it has (older ones on
 * demand), refreshes the other views when something changed, and turns a button into one `fetch`
 * of the documented `/_mock` route it names, as `application/json` (or `application/yaml` for
 * scenario text), same origin, which the control API's cross-origin guard allows. Everything it
 * writes into the page itself goes through `textContent`, or moves server-rendered rows.
 */
const CORE = String.raw`
  const mock = document.body.dataset.mock;
  const latency = new Map();
  const views = [...document.querySelectorAll("section.view")].map((s) => s.id);
  let current = null;
  let storyId = null;
  let timer = null;
  let loads = 0;
  let updates = 0;

  function route() {
    const h = decodeURIComponent(location.hash.slice(1));
    if (h.startsWith("story-")) return { view: "story", id: h.slice(6) };
    if (views.includes(h) && h !== "story") return { view: h };
    if (h.startsWith("tx-")) return { view: "transactions" };
    if (/^req-\d+$/.test(h)) return { view: "log", seq: Number(h.slice(4)) };
    return { view: "log" };
  }

  async function show() {
    const r = route();
    current = r.view;
    storyId = r.id || null;
    for (const id of views) document.getElementById(id).hidden = id !== r.view;
    for (const a of document.querySelectorAll("[data-tab]")) {
      if (a.dataset.tab === r.view) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    await refresh(r.view);
    if (r.seq) await reveal(r.seq);
  }

  function filters(formId) {
    const form = document.getElementById(formId);
    const p = new URLSearchParams();
    if (form) for (const [k, v] of new FormData(form)) if (String(v).trim()) p.set(k, String(v).trim());
    return p;
  }

  function queryOf(view) {
    if (view === "log") return filters("log-filters");
    if (view === "transactions") return filters("tx-filters");
    if (view === "story") return new URLSearchParams({ id: storyId || "" });
    return new URLSearchParams();
  }

  async function fragment(view, params) {
    const q = params.toString();
    try {
      const res = await fetch(mock + "/ui/views/" + view + (q ? "?" + q : ""));
      return await res.text();
    } catch {
      document.getElementById("live").textContent = "the double is not answering";
      return null;
    }
  }

  function parse(html) {
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content;
  }

  async function refresh(view) {
    const body = document.querySelector('[data-view="' + view + '"]');
    const html = await fragment(view, queryOf(view));
    if (html === null) return;
    // What the reader opened and the answers shown inside the view survive the refresh.
    const open = [...body.querySelectorAll("details[open][id]")].map((d) => d.id);
    const said = [...body.querySelectorAll("output[id]")].filter((o) => o.textContent).map((o) => [o.id, o.textContent, o.className]);
    body.replaceChildren(parse(html));
    for (const id of open) document.getElementById(id)?.setAttribute("open", "");
    for (const [id, text, cls] of said) {
      const o = document.getElementById(id);
      if (o) (o.textContent = text), (o.className = cls);
    }
    decorate(body);
    body.dataset.loaded = String(++loads);
    const h = location.hash.slice(1);
    if (h.startsWith("tx-")) document.getElementById(h)?.scrollIntoView();
  }

  const countText = (n) => n + (n === 1 ? " matching request" : " matching requests");

  /** Moves the rows of a log fragment into the table: new ones on top, older ones at the bottom. */
  function place(page, rows, where) {
    const table = page.querySelector("table.log");
    const known = (r) => (r.dataset.seq ? table.querySelector('tbody[data-seq="' + r.dataset.seq + '"]') : table.querySelector('tbody[data-activity="' + r.dataset.activity + '"]'));
    const fresh = [...rows.querySelectorAll("tbody")].filter((r) => !known(r));
    const first = table.querySelector("tbody");
    for (const r of fresh) table.insertBefore(r, where === "top" ? first : null);
    if (fresh.length) table.hidden = false;
    if (fresh.some((r) => r.dataset.seq)) page.querySelector(".empty")?.remove();
    decorate(table);
    return fresh.length;
  }

  let fetching = false;
  let again = false;
  /** A live update of the log: only what is newer than the rows on the page. */
  async function newRows() {
    const page = document.querySelector('[data-view="log"] .log-page');
    if (!page) return refresh("log");
    if (fetching) return void (again = true);
    fetching = true;
    try {
      const q = filters("log-filters");
      q.set("after", page.dataset.lastSeq);
      q.set("activity_after", page.dataset.lastActivity);
      const html = await fragment("log", q);
      if (html === null) return;
      const rows = parse(html).querySelector(".log-rows");
      // The journal started again (a reset): draw the first page anew.
      if (!rows || Number(rows.dataset.lastSeq) < Number(page.dataset.lastSeq)) return void (await refresh("log"));
      place(page, rows, "top");
      page.dataset.lastSeq = rows.dataset.lastSeq;
      page.dataset.lastActivity = String(Math.max(Number(page.dataset.lastActivity), Number(rows.dataset.lastActivity)));
      page.querySelector(".count").textContent = countText(Number(rows.dataset.count));
      document.querySelector('[data-view="log"]').dataset.updated = String(++updates);
    } finally {
      fetching = false;
      if (again) (again = false), void newRows();
    }
  }

  /** "Show older requests": the page before the oldest row shown. */
  async function olderRows(button) {
    const page = button.closest(".log-page");
    const seqs = [...page.querySelectorAll("tbody[data-seq]")].map((r) => Number(r.dataset.seq));
    const q = filters("log-filters");
    q.set("before", String(Math.min(...seqs)));
    const html = await fragment("log", q);
    const rows = html === null ? null : parse(html).querySelector(".log-rows");
    if (!rows) return;
    place(page, rows, "bottom");
    if (rows.dataset.more !== "true") button.remove();
  }

  /** A link to request #seq: its row opened, loading older pages until it is there. */
  async function reveal(seq) {
    let row = document.getElementById("req-" + seq);
    for (let button = document.querySelector("[data-older]"); !row && button; button = document.querySelector("[data-older]")) {
      await olderRows(button);
      row = document.getElementById("req-" + seq);
    }
    if (!row) return;
    row.setAttribute("open", "");
    row.closest("tbody").scrollIntoView();
  }

  function decorate(root) {
    for (const cell of root.querySelectorAll("[data-latency-for]")) {
      const ms = latency.get(Number(cell.dataset.latencyFor));
      if (ms !== undefined) cell.textContent = ms + " ms";
    }
    // The reader's local time beside each simulated UTC instant.
    for (const t of root.querySelectorAll("time[data-local]:not([data-shown])")) {
      const d = new Date(t.getAttribute("datetime"));
      if (Number.isNaN(d.getTime())) continue;
      const local = document.createElement("span");
      local.className = "local";
      local.textContent = d.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "short" });
      t.dataset.shown = "";
      t.after(local);
    }
  }

  // A burst of events makes one read; the log's is cheap (only the new rows), so it waits less.
  function soon() {
    clearTimeout(timer);
    timer = setTimeout(() => current && (current === "log" ? newRows() : refresh(current)), current === "log" ? 30 : 100);
  }

  function connect() {
    const live = document.getElementById("live");
    const es = new EventSource(mock + "/events");
    es.addEventListener("open", () => (live.textContent = "live"));
    es.addEventListener("error", () => (live.textContent = "reconnecting\u2026"));
    es.addEventListener("request", (ev) => {
      const e = JSON.parse(ev.data);
      latency.set(e.seq, e.latency_ms);
      // A row may already be drawn (its journal entry comes before its event).
      decorate(document);
      soon();
    });
    // Something else changed the world (a reset among them): the current view is drawn anew. The
    // stream's first event only says it is open: the page has just been drawn (a reconnect's does redraw).
    let opened = false;
    es.addEventListener("world", () => {
      if (!opened) return void (opened = true);
      clearTimeout(timer);
      timer = setTimeout(() => current && refresh(current), 100);
    });
  }
`;

const START = String.raw`
  document.addEventListener("click", (ev) => {
    const t = ev.target.closest("button");
    if (!t) return;
    if (t.dataset.call) onCall(t);
    else if (t.dataset.explain) onExplain(t);
    else if (t.dataset.older !== undefined) olderRows(t);
    else if (t.dataset.copy) {
      const text = document.getElementById(t.dataset.copy).textContent;
      navigator.clipboard?.writeText(text).then(() => (t.textContent = "Copied"), () => (t.textContent = "Select and copy"));
    }
  });
  for (const form of document.querySelectorAll("form[data-filters]")) {
    const view = form.dataset.filters;
    const again = () => {
      clearTimeout(timer);
      timer = setTimeout(() => refresh(view), 150);
    };
    form.addEventListener("input", again);
    form.addEventListener("submit", (ev) => (ev.preventDefault(), again()));
  }
  document.addEventListener("submit", (ev) => {
    if (ev.target.id === "sandbox-form") createSandbox(ev);
  });
  document.getElementById("scenario-form").addEventListener("submit", loadScenario);
  document.getElementById("scenario-file").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (f) document.getElementById("scenario-text").value = await f.text();
  });
  addEventListener("hashchange", show);
  show();
  connect();
`;

export const CLIENT_JS = `"use strict";\n(() => {${CORE}${SCENARIO_JS}${START}})();\n`;
