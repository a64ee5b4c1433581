import seedrandom from "seedrandom";

/** A seeded source of floats in [0, 1). */
export type Prng = () => number;

/**
 * Named, independently seeded random streams of one world.
 *
 * Each consumer (an id kind, request ids, scenario chances) draws from its own stream, so adding a
 * draw of one kind never shifts the values of another: a read never changes a later creation's id.
 */
export class RandomStreams {
  readonly #streams = new Map<string, Prng>();

  constructor(readonly seed: string) {}

  /** The stream called `name`, created on first use from the world seed and the name. */
  stream(name: string): Prng {
    let prng = this.#streams.get(name);
    if (!prng) {
      prng = seedrandom.alea(`${this.seed}/${name}`);
      this.#streams.set(name, prng);
    }
    return prng;
  }
}
