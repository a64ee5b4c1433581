import { lazy } from "../../core/lazy.js";

/**
 * The inspector's icon: a 16×16 ICO (one 32-bit bitmap, paydouble's accent blue with a white "P"),
 * built from this pixel map when first asked for (not at start), so no binary file has to be shipped
 * or found at run time. Served at `/favicon.ico` (browsers ask for it on every page) and
 * `/_mock/ui/favicon.ico`.
 */
const GLYPH = ["", "", "", "  ######", "  ##   ##", "  ##   ##", "  ##   ##", "  ######", "  ##", "  ##", "  ##", "  ##", "", "", "", ""];

function build(): ArrayBuffer {
  const size = 16;
  const pixels = size * size * 4;
  const mask = size * 4; // 1 bit per pixel, rows padded to 32 bits
  const out = Buffer.alloc(6 + 16 + 40 + pixels + mask);
  out.writeUInt16LE(1, 2); // type: icon
  out.writeUInt16LE(1, 4); // one image
  out.writeUInt8(size, 6);
  out.writeUInt8(size, 7);
  out.writeUInt16LE(1, 10); // planes
  out.writeUInt16LE(32, 12); // bits per pixel
  out.writeUInt32LE(40 + pixels + mask, 14);
  out.writeUInt32LE(22, 18);
  out.writeUInt32LE(40, 22); // BITMAPINFOHEADER
  out.writeInt32LE(size, 26);
  out.writeInt32LE(size * 2, 30); // image and mask
  out.writeUInt16LE(1, 34);
  out.writeUInt16LE(32, 36);
  for (let y = 0; y < size; y++) {
    const row = GLYPH[size - 1 - y] ?? ""; // bitmaps are stored bottom-up
    for (let x = 0; x < size; x++) {
      const at = 62 + (y * size + x) * 4;
      const ink = row[x + 1] === "#";
      // BGRA: white ink on #0b5cad.
      out.set(ink ? [255, 255, 255, 255] : [0xad, 0x5c, 0x0b, 255], at);
    }
  }
  return out.buffer.slice(out.byteOffset, out.byteOffset + out.length) as ArrayBuffer;
}

export const favicon = lazy(build);
