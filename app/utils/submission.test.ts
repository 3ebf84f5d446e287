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

describe("numbers typed into a form", () => {
  const numbers = z.object({ count: z.number().int().optional(), fee: z.union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/, "Enter an amount")]).optional() });
  const parse = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return parseWithZod(form, { schema: numbers });
  };

  test("digits with a point and a sign are numbers, spaces around them aside; an empty field is left out", () => {
    for (const [text, value] of [["12", 12], [" 7 ", 7], ["-3", -3], ["+4", 4]] as const) expect(parse({ count: text })).toMatchObject({ status: "success", value: { count: value } });
    expect(parse({ fee: "250.5" })).toMatchObject({ status: "success", value: { fee: 250.5 } });
    expect(parse({ fee: ".5" })).toMatchObject({ status: "success", value: { fee: 0.5 } });
    const empty = parse({ count: "" });
    expect(empty.status).toBe("success");
    expect(empty.status === "success" && empty.value.count).toBeUndefined();
  });

  test("hex, binary, octal, exponents and Infinity are not numbers a person types: refused, not read as 16 or 1,000", () => {
    for (const text of ["0x10", "0b101", "0o7", "1e3", "Infinity", "1_000"]) {
      expect(parse({ count: text }).status).toBe("error");
      // A field that also takes text gets the text's own check, not the number's value.
      expect(parse({ fee: text }).reply().error).toEqual({ fee: ["Enter an amount"] });
    }
  });

  test("a schema made per intent is coerced the same way", () => {
    const form = (count: string) => {
      const data = new FormData();
      data.append("count", count);
      return data;
    };
    expect(parseWithZod(form("12"), { schema: () => numbers })).toMatchObject({ status: "success", value: { count: 12 } });
    expect(parseWithZod(form("0x10"), { schema: () => numbers }).status).toBe("error");
  });
});
