// The folders of src/ (and its top-level files) import one way: no cycle between them, type
// imports included (docs/design.md, Layers). Each folder or top-level file is a node; an import
// from one node into another is an edge.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The node a source file belongs to: its top folder under src/, or the file itself. */
function nodeOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? `${parts[0]}/` : parts[0]!.replace(/\.ts$/, '');
}

/** Every relative module a source names: static imports and exports, `import type`, `import('...')`. */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of text.matchAll(/\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  for (const m of text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}

/** node -> the nodes it imports, with one file and module that does it for each. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(SRC)) {
    const from = nodeOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      const to = nodeOf(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      if (to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, `${relative(SRC, file)} imports ${spec}`);
    }
  }
  return graph;
}

/** A cycle of the graph as the edges that make it, or null if there is none. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string[] | null => {
    state.set(n, 'open');
    path.push(n);
    for (const [m, why] of graph.get(n) ?? []) {
      if (state.get(m) === 'open') {
        const cycle = [...path.slice(path.indexOf(m)), m];
        return cycle.slice(1).map((to, i) => `${cycle[i]} -> ${to} (${graph.get(cycle[i]!)!.get(to) ?? why})`);
      }
      if (!state.has(m)) {
        const found = visit(m);
        if (found) return found;
      }
    }
    path.pop();
    state.set(n, 'done');
    return null;
  };
  for (const n of [...graph.keys()].sort()) {
    if (state.has(n)) continue;
    const found = visit(n);
    if (found) return found;
  }
  return null;
}

describe('layers: the folders of src/ import one way', () => {
  it('the import reader sees every form of import', () => {
    const text = [
      "import { a } from '../engine/fight.js';",
      "import type { B } from './b.js';",
      "export { c } from '../c.js';",
      "export * from './d.js';",
      "let x: import('./e.js').E;",
      "import './f.js';",
      "import { g } from 'node:fs';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['../engine/fight.js', './b.js', '../c.js', './d.js', './e.js', './f.js']);
  });

  it('the cycle finder finds a cycle of three and none in a chain', () => {
    const g = (edges: [string, string][]) => {
      const m = new Map<string, Map<string, string>>();
      for (const [a, b] of edges) {
        if (!m.has(a)) m.set(a, new Map());
        m.get(a)!.set(b, `${a}->${b}`);
      }
      return m;
    };
    expect(findCycle(g([['a', 'b'], ['b', 'c'], ['c', 'a']]))).toHaveLength(3);
    expect(findCycle(g([['a', 'b'], ['b', 'c'], ['a', 'c']]))).toBeNull();
  });

  it('no cycle between the folders and top-level files of src/', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeNull();
  });

  it('producers return data: sim, exact and batch never import render; render never imports check', () => {
    const graph = folderGraph();
    for (const producer of ['sim/', 'exact/', 'batch/', 'report/']) expect(graph.get(producer)?.has('render/') ?? false).toBe(false);
    expect(graph.get('render/')?.has('check/') ?? false).toBe(false);
    expect(graph.get('sim/')?.has('exact/') ?? false).toBe(false);
    expect(graph.get('exact/')?.has('sim/') ?? false).toBe(false);
  });

  it('only the command line imports the library index', () => {
    const graph = folderGraph();
    const importers = [...graph].filter(([, to]) => to.has('index')).map(([from]) => from);
    expect(importers).toEqual(['cli/']);
  });
});
