import { describe, expect, test } from "vitest";
import { z } from "zod";
import { MAX_LIST_INDEX, parseWithZod, withinListLimits } from "./submission";

const schema = z.object({ name: z.string(), items: z.array(z.object({ id: z.string() })).max(100) });

describe("parseWithZod within list limits", () => {
  test("a list index no form sends is dropped, so a refused reply stays small", () => {
    const form = new FormData();
    form.append("items[0].id", "a");
    form.append("items[100000].id", "b");
    const submission = parseWithZod(form, { schema });
    expect(submission.status).toBe("error"); // the name is missing
    expect(JSON.stringify(submission.reply()).length).toBeLessThan(1_000);
  });

  test("ordinary lists pass untouched, up to the limit", () => {
    const form = new FormData();
    form.append("name", "Set 1");
    form.append("items[0].id", "a");
    form.append(`items[${MAX_LIST_INDEX}].id`, "z");
    expect(withinListLimits(form)).toBe(form);
    const params = new URLSearchParams("name=x&items[0].id=a&items[1000].id=b&items[0001].id=c");
    expect([...withinListLimits(params).keys()]).toEqual(["name", "items[0].id"]);
  });
});
