/** Record ids arrive as strings from URLs, forms and cookies; anything but a positive integer is "not found". */
export function parseId(value: unknown) {
  const id = typeof value === "number" ? value : Number(String(value ?? ""));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
