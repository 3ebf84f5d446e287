/**
 * A strict little XML reader for the feed and sitemap tests. Node has no XML parser, and
 * a regex over the output would not notice an unescaped "&" or "<" in a title, so this
 * checks well-formedness (one root, balanced tags, quoted unique attributes, only known
 * entities, no markup characters in text) and returns a tree to query.
 */
export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const NAME = "[A-Za-z_][\\w:.-]*";
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");

function decode(text: string) {
  return text.replace(ENTITY, (entity) => {
    const named: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
    if (named[entity]) return named[entity];
    const hex = entity.startsWith("&#x");
    return String.fromCodePoint(parseInt(entity.slice(hex ? 3 : 2, -1), hex ? 16 : 10));
  });
}

function checkText(text: string, where: string) {
  if (text.includes("<")) throw new Error(`Unescaped "<" in ${where}`);
  const stray = text.replace(ENTITY, "").indexOf("&");
  if (stray !== -1) throw new Error(`Unescaped "&" in ${where}: ${text.slice(0, 80)}`);
}

export function parseXml(source: string): XmlElement {
  let rest = source.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  while (rest.length > 0) {
    if (rest.startsWith("<!--")) {
      const end = rest.indexOf("-->");
      if (end === -1) throw new Error("Unclosed comment");
      rest = rest.slice(end + 3);
      continue;
    }
    if (rest.startsWith("<")) {
      const match = TAG.exec(rest);
      if (!match) throw new Error(`Malformed tag near: ${rest.slice(0, 60)}`);
      const [whole, closing, name, attributeText, selfClosing] = match as unknown as [string, string, string, string, string];
      rest = rest.slice(whole.length);
      if (closing) {
        const open = stack.pop();
        if (!open || open.name !== name) throw new Error(`</${name}> does not close <${open?.name ?? "nothing"}>`);
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const [, key, double, single] of attributeText.matchAll(ATTRIBUTE)) {
        if (key! in attributes) throw new Error(`Duplicate attribute ${key} on <${name}>`);
        const value = double ?? single ?? "";
        checkText(value, `attribute ${key} of <${name}>`);
        attributes[key!] = decode(value);
      }
      const element: XmlElement = { name, attributes, children: [], text: "" };
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) throw new Error(`A second root element <${name}>`);
      else root = element;
      if (!selfClosing) stack.push(element);
      continue;
    }
    const next = rest.indexOf("<");
    const text = next === -1 ? rest : rest.slice(0, next);
    rest = next === -1 ? "" : rest.slice(next);
    const parent = stack.at(-1);
    if (!parent) {
      if (text.trim()) throw new Error(`Text outside the root element: ${text.slice(0, 40)}`);
      continue;
    }
    checkText(text, `<${parent.name}>`);
    parent.text += decode(text);
  }
  if (stack.length) throw new Error(`Unclosed <${stack.at(-1)!.name}>`);
  if (!root) throw new Error("No root element");
  return root;
}

export function child(element: XmlElement, name: string) {
  const found = element.children.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
}

export function children(element: XmlElement, name: string) {
  return element.children.filter((candidate) => candidate.name === name);
}
