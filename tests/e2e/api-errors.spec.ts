import { expect, test } from "./fixtures";

/**
 * /api speaks JSON to the end, against the built server: an unknown path answers
 * `{ "message": "Not found" }` with 404 (never the HTML Page Not Found), and a method an
 * endpoint does not handle answers 405 with `Allow`. (Methods such as PROPFIND are
 * refused by Remix itself before any route runs.)
 */
test.describe("/api errors", () => {
  test.skip(({ javaScriptEnabled, isMobile }) => !javaScriptEnabled || isMobile, "HTTP only: one project is enough");

  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    test(`${method} on an unknown /api path is a JSON 404`, async ({ request }) => {
      for (const path of ["/api/no-such-endpoint", "/api/bands/1/no-such-thing", "/api/"]) {
        const response = await request.fetch(path, { method });
        expect(response.status(), `${method} ${path}`).toBe(404);
        expect(response.headers()["content-type"]).toMatch(/application\/json/);
        expect(await response.json()).toEqual({ message: "Not found" });
      }
    });
  }

  test("a method an endpoint does not handle is a JSON 405 with Allow", async ({ request }) => {
    const response = await request.fetch("/api/auth/user", { method: "PATCH", data: {} });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET");
    expect(response.headers()["content-type"]).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: "Method not allowed" });

    const post = await request.fetch("/api/auth/logout", { method: "GET" });
    expect(post.status()).toBe(405);
    expect(post.headers()["allow"]).toBe("POST");
    expect(await post.json()).toEqual({ message: "Method not allowed" });
  });
});
