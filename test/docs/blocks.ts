/**
 * Finds the fenced code blocks of a Markdown page, with the `<!-- example: ... -->` marker written
 * directly above a block (if any), so the docs runner can check every example the docs show.
 */
export interface Block {
  /** Repository-relative path of the page. */
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string, first word, lower case (`sh`, `ts`, `yaml`, ...); "" when none. */
  lang: string;
  body: string;
  /** The text after `example:` in an HTML comment on the line right above the fence. */
  marker?: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;
const MARKER = /^<!--\s*example:\s*(.*?)\s*-->$/;

export function fencedBlocks(page: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j];
      if (l.trimStart().startsWith(fence[0].repeat(fence.length)) && l.trim().replace(/[`~]/g, "") === "") break;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l);
    }
    const above = i > 0 ? MARKER.exec(lines[i - 1].trim()) : null;
    blocks.push({ page, line: i + 1, lang: info.toLowerCase(), body: body.join("\n"), marker: above?.[1] });
    i = j;
  }
  return blocks;
}
