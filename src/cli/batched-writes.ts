import { Socket } from "node:net";

type Done = (error?: Error | null) => void;
type Chunks = Array<{ chunk: unknown; encoding: BufferEncoding }>;

/** The write a socket holds until the end of the turn (a stream has one write in flight at most). */
const HELD = Symbol("held write");
interface Batched extends Socket {
  [HELD]: (() => void) | null;
}

/**
 * The sockets holding a write this turn, in the order they wrote. An array, not a `Map` keyed by
 * socket: a `Map` emptied while iterated kept about 2 MB alive through each young-generation
 * collection under load (its pauses went from 0.4 to 4-5 ms).
 */
let held: Batched[] = [];
let scheduled = false;

/**
 * Makes a server socket's writes at the end of the event loop's turn instead of one by one: the
 * answers to the requests read in one turn go out together, once the turn has read them all (the
 * turn's first answer at once).
 *
 * Why: under concurrent load each answer written on its own woke the client's process from its
 * wait, one wake-up (an interrupt between the machine's cores) per answer; written together, one
 * wake-up serves many. Measured on this 2-core virtual machine under the table's load (16
 * connections, card SALEs): about 0.8 inter-core interrupts and 45 µs of kernel time a request
 * before, 0.13 and 20 µs after, and about a third more requests a second
 * (docs/explanation/performance.md, "Nineteenth round"). uWebSockets corks each turn the same way
 * and Netty's FlushConsolidationHandler does it for the same reason. The bytes and their order on
 * each connection are unchanged; an answer leaves at the latest at the end of the turn that made
 * it, and one request alone on the server, as a test suite sends it, leaves as soon as before.
 *
 * A socket destroyed with a write still held sends that write first, as it was sent before (a
 * scenario's `transport: reset` after an earlier answer on the same connection).
 */
export function batchWrites(socket: Socket): void {
  const batched = socket as Batched;
  batched[HELD] = null;
  batched._writev = function (this: Batched, chunks: Chunks, done: Done) {
    hold(this, () => Socket.prototype._writev!.call(this, chunks, done));
  };
  batched._write = function (this: Batched, chunk: unknown, encoding: BufferEncoding, done: Done) {
    hold(this, () => Socket.prototype._write.call(this, chunk, encoding, done));
  };
  batched._destroy = function (this: Batched, error: Error | null, done: Done) {
    writeHeld(this);
    Socket.prototype._destroy.call(this, error, done);
  };
}

/**
 * The turn's first write goes out at once, and the turn's later ones wait for its end: a request
 * alone in its turn (a test suite's, a start's first payment) is not held behind the bookkeeping
 * that follows its answer (journal, replay log, coverage), which cost a start about 10 ms.
 */
function hold(socket: Batched, write: () => void): void {
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
    return write();
  }
  socket[HELD] = write;
  held.push(socket);
}

/** Makes this turn's held writes; one a write's callback makes meanwhile goes out at once, as the first of the next turn. */
function flush(): void {
  scheduled = false;
  const sockets = held;
  held = [];
  for (const socket of sockets) writeHeld(socket);
}

function writeHeld(socket: Batched): void {
  const write = socket[HELD];
  if (write === null) return;
  socket[HELD] = null;
  write();
}
