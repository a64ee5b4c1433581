/**
 * Node's `Headers`, `Request` and `Response` globals are getters that load undici, about 21 ms of a
 * start here (Node 20; the whole start to the first payment is about 160 ms). @hono/node-server reads
 * all three at import, to extend them, yet answers a payment with its own lightweight request, headers
 * and response, which never construct one. So the CLI, before the adapter loads, puts in each place a
 * stand-in class that loads the real one the first time something is built from it (the first
 * control-API answer, whose headers hono keeps in a `Headers`): from then on the stand-in's
 * prototype leads to the real one's, so every instance and subclass behaves as before.
 *
 * The stand-in stays the global: the adapter compares `globalThis.Headers` with the value it read at
 * import to pick its lightweight headers. The CLI's own process only; the library leaves the globals
 * of an integrator's runner alone. On Node 26 the three are no getters but data properties V8 fills
 * at their first read (reading the descriptor loads undici too), so there is nothing to take over.
 */
const NAMES = ["Headers", "Request", "Response"] as const;
/** The static methods of `Response` (`Headers` and `Request` have none): they load it as a `new` does. */
const RESPONSE_STATICS = ["error", "json", "redirect"] as const;

type Constructor = abstract new (...args: never[]) => object;

/** Replaces each of the three getters of `global` with a stand-in; a global already a plain value is left as it is. */
export function deferWebClasses(global: object = globalThis): void {
  for (const name of NAMES) {
    const own = Object.getOwnPropertyDescriptor(global, name);
    if (own?.get) Object.defineProperty(global, name, { value: standIn(name, () => own.get!.call(global) as Constructor), writable: true, configurable: true, enumerable: own.enumerable });
  }
}

/** A class that stands for the one `load` returns until something needs it. */
function standIn(name: string, load: () => Constructor): Constructor {
  let real: Constructor | undefined;
  const loaded = (): Constructor => {
    if (real === undefined) {
      real = load();
      // What the adapter's subclasses and the stand-in's own instances inherit from now on.
      Object.setPrototypeOf(Stand.prototype, real.prototype);
      Object.setPrototypeOf(Stand, real);
    }
    return real;
  };
  // A function, not a class: a class may not return another object from its constructor's `super`.
  function Stand(this: unknown, ...args: unknown[]): object {
    if (new.target === undefined) throw new TypeError(`Class constructor ${name} cannot be invoked without 'new'`);
    return Reflect.construct(loaded(), args, new.target);
  }
  Object.defineProperty(Stand, "name", { value: name });
  // `x instanceof Headers` holds for an instance built from the stand-in or a subclass (its prototype
  // chain holds the stand-in's) and for one undici built by itself; none exists before the load.
  Object.defineProperty(Stand, Symbol.hasInstance, {
    value(this: Constructor, x: unknown): boolean {
      return Function.prototype[Symbol.hasInstance].call(this, x) || ((this as unknown) === Stand && real !== undefined && x instanceof real);
    },
  });
  if (name === "Response") {
    for (const method of RESPONSE_STATICS) {
      Object.defineProperty(Stand, method, {
        value: (...args: unknown[]) => (loaded() as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args),
        writable: true,
        configurable: true,
      });
    }
  }
  return Stand as unknown as Constructor;
}
