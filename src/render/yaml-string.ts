// Text written into a YAML file (an imported roster, a new edition file) so that it reads back
// as the same text: plain where nothing in it means something else to a YAML reader, in a block
// or in a flow (`[a, b]`, `{ k: v }`), else double-quoted. Files are read as YAML 1.2 (the core
// schema: io/yamlfile.ts); the words and numbers of YAML 1.1 are quoted too, so that an editor or
// another tool reading the file takes it as written.

/** Words a YAML reader takes as null or a boolean: 1.2's (null, true, false), and 1.1's (yes, no, on, off, y, n). */
const WORDS = /^(?:null|true|false|yes|no|on|off|y|n)$/i;

/**
 * What a YAML reader may take as a number (1.2: decimal, 0o, 0x, floats, .inf, .nan; 1.1 besides:
 * 0b, digits with `_`, `1.2.3`; and, to the `yaml` package's 1.1 schema, an exponent alone: `E9`) or a
 * date (1.1's timestamps).
 */
const NUMBER = /^[-+]?(?:0x[0-9a-f_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*(?:\.[0-9_.]*)?(?:e[-+]?[0-9]+)?|\.[0-9_]+(?:e[-+]?[0-9]+)?|e[-+]?[0-9]+|\.inf|\.nan)$|^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}/i;

/**
 * Plain text: a letter, digit or `(` first, then letters, digits, spaces and `.'()!/+_-` only
 * (none of YAML's indicators, no `: `, ` #` or `,`, no line break, no control character), no
 * space last.
 */
const PLAIN = /^[A-Za-z0-9(][A-Za-z0-9 .'()!/+_-]*$/;

/** Characters JSON leaves as they are that YAML wants escaped (not printable, or a line break to YAML 1.1). */
const UNPRINTABLE = /[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g;

/** `s` as YAML: plain when it reads back as `s`, else double-quoted (JSON's quoting, which is YAML's, with its escapes). */
export function yamlString(s: string): string {
  if (PLAIN.test(s) && !s.endsWith(' ') && !WORDS.test(s) && !NUMBER.test(s)) return s;
  return JSON.stringify(s).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
