/** Record ids arrive as strings from URLs, forms and cookies; anything but a positive integer is "not found". */
export function parseId(value: unknown) {
  // Digits only: "01", " 1" and "0x1" are not ids (Number() would read them as 1).
  const id = typeof value === "number" ? value : /^[1-9][0-9]*$/.test(String(value ?? "")) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
