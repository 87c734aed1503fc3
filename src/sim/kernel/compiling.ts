// Compiling a kernel's fight (compile.ts for one unit a side, multi-compile.ts for several), or
// saying why it is not compiled: the kernels of one and of several units a side alike.

/** What `make` compiled, or why nothing: a fight too large (`make` gave its characters of code), or a host that generates no code from strings. */
export function compiledOr<T extends object>(make: () => T | number): T | string {
  try {
    const made = make();
    return typeof made === 'number' ? `a fight too large to compile (${made} characters of code)` : made;
  } catch (e) {
    // node --disallow-code-generation-from-strings (or a host that forbids it): the kernel fights on reading its tables
    if (!(e instanceof EvalError)) throw e;
    return `no code generated from strings here (${e.message})`;
  }
}
