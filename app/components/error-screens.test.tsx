import { StaticRouter } from "react-router-dom/server";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ErrorScreen } from "./error-screens";

/** What a route's `throw data(body, { status })` reaches the error boundary as. */
const thrown = (status: number, data: unknown) => ({
  status,
  statusText: "",
  internal: false,
  data,
});
const screen = (error: unknown) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <ErrorScreen error={error} />
    </StaticRouter>
  );

describe("the error screen", () => {
  test("a refused request says what was wrong, in the words it was thrown with", () => {
    const html = screen(thrown(400, { message: "Unknown action" }));
    expect(html).toContain("That didn’t work");
    expect(html).toContain("Unknown action");
    expect(html).not.toContain("on our side");
  });

  test("a refused request without words still does not blame the server", () => {
    const html = screen(thrown(409, null));
    expect(html).toContain("That didn’t work");
    expect(html).toContain("Go back and try again.");
    expect(html).not.toContain("on our side");
  });

  test("a server failure never shows what it was thrown with", () => {
    expect(
      screen(thrown(500, { message: "SQLITE_BUSY: database is locked" }))
    ).not.toContain("SQLITE");
    expect(screen(new Error("secret stack"))).toContain(
      "An unexpected error happened on our side."
    );
    expect(screen(new Error("secret stack"))).not.toContain("secret");
  });

  test("403 and 401 keep their own words", () => {
    expect(screen(thrown(403, { message: "x" }))).toContain(
      "Your role in this band does not allow this."
    );
    expect(screen(thrown(401, null))).toContain("Your session has ended.");
  });
});
