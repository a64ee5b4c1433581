/**
 * Node's `Headers`, `Request` and `Response` globals load undici at their first touch: about 21 ms of
 * a start on Node 20 (getters), 32-48 ms on Node 26 (data properties V8 fills when first read or
 * redefined). @hono/node-server reads all three at import, to extend them, yet answers a payment with
 * its own lightweight request, headers and response, which never construct one. So in the CLI bundle
 * the adapter's reads resolve to these stand-ins (scripts/build-extras.mjs), each a class that loads
 * the real one the first time something is built from it (the first control-API answer, whose
 * headers hono keeps in a `Headers`): from then on the stand-in's prototype leads to the real one's,
 * so every instance and subclass behaves as before.
 *
 * No global is touched: the stand-in reads the real class from the global when it loads it, and the
 * bundle's copy of the adapter never replaces `Request` and `Response` (on Node 26 even redefining one
 * of the three loads undici), since the bundle's own `new Response` is the adapter's lightweight class
 * already (cli/lightweight-response.ts). The unbundled CLI (`npm run dev`) and the library leave the
 * adapter as it is.
 */
type Constructor = abstract new (...args: never[]) => object;

/** The static methods of `Response` (`Headers` and `Request` have none): they load it as a `new` does. */
const RESPONSE_STATICS = ["error", "json", "redirect"] as const;

/** A class that stands for the one `load` returns until something needs it. */
export function standIn<T extends Constructor>(name: string, load: () => T): T {
  let real: T | undefined;
  const loaded = (): T => {
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
  return Stand as unknown as T;
}

// The bundle's `Headers` and `Request` (injected for the names), and the adapter's base class of its
// lightweight response (the bundle's `Response` is that class: cli/lightweight-response.ts).
export const Headers = standIn("Headers", () => globalThis.Headers);
export const Request = standIn("Request", () => globalThis.Request);
export const ResponseBase = standIn("Response", () => globalThis.Response);
