import { IncomingMessage } from "node:http";
import * as http2 from "node:http2";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { constants, Http2ServerRequest } from "./deferred-http2.js";

describe("the CLI's stand-in for node:http2 (deferred-http2.ts)", () => {
  it("answers `instanceof Http2ServerRequest` as the real class does", () => {
    expect(new IncomingMessage(new Socket()) instanceof Http2ServerRequest).toBe(false);
    expect({} instanceof Http2ServerRequest).toBe(false);
    expect(Object.create(http2.Http2ServerRequest.prototype) instanceof Http2ServerRequest).toBe(true);
  });

  it("reads the module's constants", () => {
    expect(constants.NGHTTP2_NO_ERROR).toBe(http2.constants.NGHTTP2_NO_ERROR);
    expect(constants.NGHTTP2_CANCEL).toBe(http2.constants.NGHTTP2_CANCEL);
  });
});
