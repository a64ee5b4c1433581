import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { batchWrites } from "./batched-writes.js";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A TCP server whose sockets batch their writes and are handed to `onSocket`; resolves its port. */
function serve(onSocket: (socket: Socket) => void): Promise<number> {
  server = createServer((socket) => {
    batchWrites(socket);
    onSocket(socket);
  });
  return new Promise((resolve) => server!.listen(0, "127.0.0.1", () => resolve((server!.address() as { port: number }).port)));
}

/** Everything the server sends on one connection, until it closes it. */
function readAll(port: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    connect(port, "127.0.0.1")
      .on("data", (b: Buffer) => parts.push(b))
      .on("error", reject)
      .on("close", () => resolve(Buffer.concat(parts)));
  });
}

describe("batchWrites", () => {
  it("sends a turn's first write at once and holds the turn's later writes until its end", async () => {
    const held: number[] = [];
    let first: Socket | undefined;
    const port = await serve((socket) => {
      if (!first) {
        first = socket;
        return;
      }
      // Both sockets write in this turn: the first write leaves, the second waits for the turn's end.
      first.write("one");
      socket.write("two");
      held.push(first.writableLength, socket.writableLength); // written at once, node has 0 for both
      setImmediate(() => {
        held.push(socket.writableLength);
        first!.end();
        socket.end();
      });
    });
    const one = readAll(port);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first connection is taken first
    const [a, b] = await Promise.all([one, readAll(port)]);
    expect([a.toString(), b.toString()]).toEqual(["one", "two"]);
    expect(held).toEqual([0, 3, 0]);
  });

  it("sends every socket's writes of a turn whole and in their order, a large one too", async () => {
    const large = Buffer.alloc(4 << 20, "x"); // past the socket's buffer: written over several turns
    const port = await serve((socket) => {
      socket.write("first;");
      socket.write(large);
      socket.end(";last");
    });
    const [one, two] = await Promise.all([readAll(port), readAll(port)]);
    for (const got of [one, two]) {
      expect(got.length).toBe(large.length + "first;;last".length);
      expect(got.subarray(0, 6).toString()).toBe("first;");
      expect(got.subarray(-5).toString()).toBe(";last");
    }
  });

  it("a socket destroyed with a write held sends that write before it closes", async () => {
    let first: Socket | undefined;
    const port = await serve((socket) => {
      if (!first) return void (first = socket);
      first.write("the turn's first write"); // leaves at once: the next one is held
      socket.write("last words");
      socket.destroy();
      first.end();
    });
    const one = readAll(port);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [, last] = await Promise.all([one, readAll(port)]);
    expect(last.toString()).toBe("last words");
  });
});
