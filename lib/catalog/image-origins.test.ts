import { describe, expect, it } from "vitest";
import { imageOrigins, isAllowedImage, parseImageOrigins } from "./image-origins.mjs";

describe("product picture hosts", () => {
  it("reads a comma-separated list of origins, and refuses anything wider or stranger than an origin", () => {
    expect(parseImageOrigins(" https://cdn.example.com , http://127.0.0.1:4010/ ")).toEqual({ ok: true, origins: ["https://cdn.example.com", "http://127.0.0.1:4010"] });
    expect(parseImageOrigins("https://cdn.example.com/products").ok).toBe(false);
    expect(parseImageOrigins("cdn.example.com").ok).toBe(false);
    expect(parseImageOrigins("javascript:alert(1)").ok).toBe(false);
    expect(parseImageOrigins("https://user:pw@cdn.example.com").ok).toBe(false);
  });

  it("always includes the service's own host, once", () => {
    expect(imageOrigins("http://127.0.0.1:4010", undefined)).toEqual(["http://127.0.0.1:4010"]);
    expect(imageOrigins("https://api.example.com/v1", "https://api.example.com, https://cdn.example.com")).toEqual(["https://api.example.com", "https://cdn.example.com"]);
  });

  it("allows a picture only from a listed origin", () => {
    const origins = ["http://127.0.0.1:4010"];
    expect(isAllowedImage("http://127.0.0.1:4010/images/products/cafe.svg", origins)).toBe(true);
    expect(isAllowedImage("http://127.0.0.1:4011/images/products/cafe.svg", origins)).toBe(false);
    expect(isAllowedImage("https://evil.example/x.png", origins)).toBe(false);
    expect(isAllowedImage("/images/x.png", origins)).toBe(false);
  });
});
