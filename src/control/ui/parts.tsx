/**
 * Small pieces the inspector's views share. Every value goes through JSX, which escapes text and
 * attributes: metadata such as `<img src=x onerror=...>` shows as text, never as markup.
 */

/** A value openable as pretty JSON (a `<details>` that stays shut until asked). */
export function JsonDetails(props: { label: string; value: unknown; id?: string }) {
  return (
    <details id={props.id}>
      <summary>{props.label}</summary>
      <Pre>{JSON.stringify(props.value, null, 2)}</Pre>
    </details>
  );
}

/**
 * A button that calls one documented `/_mock` route with a JSON body (same origin, `application/json`,
 * as the control API's cross-origin guard asks). `path` is relative to the world's `/_mock`.
 * `input` names a text field whose value is sent under `field` (the clock's "to an instant").
 */
export function CallButton(props: { method: string; path: string; body?: unknown; label: string; input?: string; field?: string; confirm?: string; result: string }) {
  return (
    <button
      type="button"
      data-call={`${props.method} ${props.path}`}
      data-body={props.body === undefined ? undefined : JSON.stringify(props.body)}
      data-input={props.input}
      data-field={props.field}
      data-confirm={props.confirm}
      data-result={props.result}
    >
      {props.label}
    </button>
  );
}

/** `1 rule`, `2 rules`: a count with its noun. */
export function plural(n: number, noun: string, many = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : many}`;
}

/**
 * A simulated instant in UTC as the API shows it; the page's script adds the reader's local time
 * beside it (a 22:00 New York close reads 03:00Z otherwise).
 */
export function Time(props: { iso: string | null }) {
  if (props.iso === null) return <>—</>;
  return (
    <time datetime={props.iso} data-local="">
      {props.iso}
    </time>
  );
}

/** Transaction ids named anywhere in a value (a path, a body, an answer): what a story links to. */
export const TX_ID = /TRANSACTION-[0-9A-HJKMNP-TV-Z]{26}/g;

/** A link to a payment's story view. */
export function StoryLink(props: { id: string; label?: string }) {
  return (
    <a href={`#story-${props.id}`} class="id">
      {props.label ?? props.id}
    </a>
  );
}

/** `—` for null and undefined, the value's text otherwise. */
export function text(v: unknown): string {
  if (v === null || v === undefined) return "—";
  return typeof v === "string" ? v : JSON.stringify(v);
}

/** Minor units (cents) as `12.34`: the spec's amounts are integers in the currency's minor unit. */
export function money(v: unknown): string {
  return typeof v === "number" ? (v / 100).toFixed(2) : text(v);
}

/** An empty state line, so an empty table is never a bare header. */
export function Empty(props: { children: string }) {
  return <p class="empty">{props.children}</p>;
}

/** A table's header row: one column heading per name. */
export function Head(props: { cols: readonly string[] }) {
  return (
    <thead>
      <tr>
        {props.cols.map((c) => (
          <th scope="col">{c}</th>
        ))}
      </tr>
    </thead>
  );
}

/** Preformatted text that may scroll: focusable, so a keyboard can scroll it too (WCAG 2.1.1). */
export function Pre(props: { children: string; id?: string }) {
  return (
    <pre tabindex={0} id={props.id}>
      {props.children}
    </pre>
  );
}
