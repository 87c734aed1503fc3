// Names and seeds from files and the command line, made safe to print: control characters
// (terminal escapes, bidi overrides) removed, so a name cannot rewrite the user's terminal.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function plain(name: string): string {
  return name.replace(CONTROL, '');
}
