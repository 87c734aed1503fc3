// The XML of a roster export, read safely: no document type (so no entity can expand), a nesting
// depth limit, a syntax error located at its line and column, and the tree as plain elements.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { refuse } from './file.js';
import { lineCol } from '../io/readtext.js';

/** One element: its name (any namespace prefix dropped), attributes, children in order, text. */
export interface El {
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: El[];
  text: string;
}

/** No roster export nests near this; a deeper file is refused before it is parsed. */
export const MAX_XML_DEPTH = 100;

/** The depth of the deepest element, counted over the tags outside comments, CDATA and declarations. */
function depthOver(text: string, limit: number): { line: number; col: number } | null {
  const re = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[?!][^>]*>|<(\/?)[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/g;
  let depth = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[1] === undefined) continue; // a comment, CDATA or declaration
    if (m[1] === '/') depth--;
    else if (m[2] !== '/' && ++depth > limit) return lineCol(text, m.index);
  }
  return null;
}

type Raw = Record<string, unknown>;

function convert(node: Raw): El | null {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (name === undefined || name === '#text' || name.startsWith('?') || name === '#comment') return null;
  const attrs = (node[':@'] as Record<string, string> | undefined) ?? {};
  const children: El[] = [];
  let text = '';
  for (const c of (node[name] as Raw[]) ?? []) {
    if (Object.hasOwn(c, '#text')) text += String(c['#text']);
    else {
      const el = convert(c);
      if (el) children.push(el);
    }
  }
  return { name: name.replace(/^[^:]*:/, ''), attrs, children, text: text.trim() };
}

/** The root element of `text`, or a located refusal: not XML, a document type, nesting too deep. */
export function parseXml(file: string, text: string): El {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) refuse(file, 'not a roster: neither XML nor a zip file (a .ros is XML, a .rosz a zip)');
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (doctype) {
    const at = lineCol(text, doctype.index);
    refuse(file, 'an XML document type (<!DOCTYPE or <!ENTITY) is refused: a roster export has none, and its entities could expand without end', at.line, at.col);
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) refuse(file, `not XML: ${valid.err.msg}`, valid.err.line, valid.err.col);
  const deep = depthOver(text, MAX_XML_DEPTH);
  if (deep) refuse(file, `XML nested more than ${MAX_XML_DEPTH} elements deep: refused (a roster export nests some tens)`, deep.line, deep.col);
  const parser = new XMLParser({
    preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false,
    trimValues: false, processEntities: true, htmlEntities: true, ignoreDeclaration: true, ignorePiTags: true,
  });
  const roots = (parser.parse(text) as Raw[]).map(convert).filter((e): e is El => e !== null);
  if (roots.length !== 1) refuse(file, 'not XML: no root element');
  return roots[0]!;
}

/** The children of `el` named `name`. */
export const kids = (el: El | undefined, name: string): El[] => (el ? el.children.filter((c) => c.name === name) : []);
/** The elements under `el`'s `<list>` named `item`: kids(kids(el, 'selections'), 'selection'). */
export const listOf = (el: El | undefined, list: string, item: string): El[] => kids(el, list).flatMap((l) => kids(l, item));
