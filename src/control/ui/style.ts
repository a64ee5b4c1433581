/**
 * The inspector's style sheet, served as a file (no CDN; the Content-Security-Policy allows no
 * inline style). Colours keep a contrast ratio of at least 4.5:1 on their backgrounds (WCAG AA),
 * checked by axe in the browser tests. The layout holds from 900 to 1600 px: cells break long ids,
 * paths and JSON anywhere rather than widening the page, and opened JSON gets a full-width row.
 */
export const STYLE = `
:root{--fg:#1b1f24;--muted:#4a5560;--bg:#fff;--line:#d0d7de;--accent:#0b5cad;--ok:#116329;--warn:#7a4b00;--bad:#a40e26;--soft:#f3f5f7}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;color:var(--fg);background:var(--bg)}
header{padding:.6rem 1rem 0;border-bottom:1px solid var(--line);background:var(--soft)}
h1{font-size:1.2rem;margin:0 0 .2rem}h2{font-size:1.1rem;margin:.4rem 0 .6rem}h3{font-size:1rem;margin:1rem 0 .4rem}h4{margin:.4rem 0 .2rem;font-size:.9rem}
header p{margin:0 0 .4rem;color:var(--muted)}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.2rem;margin:0;padding:0}
nav a{display:block;padding:.35rem .7rem;color:var(--accent);text-decoration:none;border:1px solid transparent;border-bottom:none;border-radius:4px 4px 0 0}
nav a[aria-current=page]{background:var(--bg);border-color:var(--line);color:var(--fg);font-weight:600}
main{padding:.6rem 1rem 2rem;max-width:100vw}
table{border-collapse:collapse;width:100%;margin:.3rem 0 .8rem}
th,td{border-bottom:1px solid var(--line);padding:.25rem .45rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
td .id,td.id,td .path,td code,td .rule,td .quirk,td pre{overflow-wrap:anywhere}
time,.local,.status,[class^=result-]{white-space:nowrap}
td time{font-size:13px;display:block}
th{background:var(--soft);font-weight:600}
tr.more td,tr.links-row td{padding-top:0}
tbody>tr:last-child td{border-bottom:2px solid var(--line)}
tbody>tr:not(:last-child) td{border-bottom:none}
summary{cursor:pointer;color:var(--accent)}
pre{background:var(--soft);padding:.4rem;margin:.2rem 0;overflow:auto;max-height:22rem;font-size:12px;white-space:pre-wrap;word-break:break-all}
code,.id,.path{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
.num{text-align:right;font-variant-numeric:tabular-nums}
.status{font-weight:700}.status.ok{color:var(--ok)}.status.warn{color:var(--warn)}.status.bad{color:var(--bad)}
.code{color:var(--muted)}
td .status+.code{display:block;font-size:12px;overflow-wrap:anywhere}
.tag,.batch{display:inline-block;padding:0 .35rem;border-radius:3px;background:#e4e9ee;color:var(--fg);font-size:12px}
.batch.closed{background:#fff1c2}.batch.settled{background:#d6f5dd}.batch.open{background:#dbeafe}
.pair{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:.6rem}
.pair>*{min-width:0}
.filters{display:flex;flex-wrap:wrap;gap:.3rem .9rem;align-items:flex-end;margin:.3rem 0 .6rem}
.field{display:inline-flex;flex-direction:column;gap:.1rem;font-size:13px}
.local{display:block;color:var(--muted);font-size:12px}
.request .method{font-weight:600}.request .op{display:block;color:var(--muted);font-size:12px}
.result-approved{color:var(--ok);font-weight:600}.result-declined{color:var(--warn);font-weight:600}.result-error{color:var(--bad);font-weight:600}
.rule,.quirk{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}.quirk{color:var(--warn)}
tbody.activity td{background:#f6f8fa}tbody.activity .summary{color:var(--fg)}
ul.effects{margin:.2rem 0 0;padding-left:1.2rem}
.tag.spent{background:#ececec;color:var(--muted);text-decoration:line-through}
.created{color:var(--bad);font-weight:600}
.callout{border-left:4px solid var(--bad);background:#fff4f5;padding:.4rem .6rem}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.2rem .8rem;margin:.4rem 0}
dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
ol.timeline{padding-left:1.4rem}ol.timeline li{margin:.35rem 0;overflow-wrap:anywhere}
ol.timeline li.bad{color:var(--bad)}ol.timeline li.event,ol.timeline li.control{color:var(--fg)}
table.log td:first-child{white-space:nowrap}
.inline{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.4rem 0}
.buttons{display:flex;flex-wrap:wrap;gap:.4rem;margin:.3rem 0}
button{font:inherit;padding:.25rem .7rem;border:1px solid var(--accent);background:var(--accent);color:#fff;border-radius:4px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f2a900;outline-offset:1px}
input,select,textarea{font:inherit;border:1px solid #6e7781;border-radius:3px;padding:.2rem .3rem;color:var(--fg);background:#fff}
textarea{width:100%;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;display:block}
.result:not(:empty){display:block;margin:.4rem 0;padding:.4rem;border-left:4px solid var(--accent);background:var(--soft);white-space:pre-wrap;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
.result.error{border-left-color:var(--bad)}
.errors li{color:var(--bad)}
ol.source{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;background:var(--soft);padding:.3rem .3rem .3rem 3rem;margin:.3rem 0}
ol.source li{white-space:pre}
ol.source li.bad{background:#ffe0e3;color:var(--bad);font-weight:700}
ul.links,ul.near{margin:0;padding-left:1rem}
.empty{color:var(--muted);font-style:italic}
.count{color:var(--muted);margin:.2rem 0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
