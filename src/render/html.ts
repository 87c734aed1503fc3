// One self-contained HTML page for a person to look at and share: the figures drawn as charts
// with Observable Plot (and d3 under it), both inlined, so the page needs no network. The
// figures are embedded as JSON; the page draws them when it opens, at the width it is shown in
// (a phone's too). The pages themselves: html-sim.ts (`sim`, `exact`) and html-batch.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../paths.js';
import { plain } from '../plain.js';

/** The folder of an installed package (its `exports` hide dist/ from require.resolve). */
function packageDir(name: string): string {
  let dir = dirname(createRequire(join(packageRoot(), 'package.json')).resolve(name));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === name) return dir;
    } catch {
      /* not the package's own folder yet */
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the package folder of ${name}`);
    dir = up;
  }
}

let libraries: string | null = null;
/** d3 and Observable Plot as inline scripts (read once). */
function inlineLibraries(): string {
  libraries ??= [join(packageDir('d3'), 'dist/d3.min.js'), join(packageDir('@observablehq/plot'), 'dist/plot.umd.min.js')]
    .map((f) => `<script>${readFileSync(f, 'utf8').replace(/<\/script/gi, '<\\/script')}</script>`).join('\n');
  return libraries;
}

export const escapeHtml = (s: string) => plain(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON safe inside a <script> element */
export const embed = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.15rem;margin-top:2rem}.sub{color:#555}.note{color:#555;font-size:.9rem}
code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px;word-break:break-all}.chart{margin:.5rem 0 1.5rem;min-width:0}
.chart h3{font-size:.95rem;font-weight:600;margin:.2rem 0}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(20rem,100%),1fr));gap:1rem}
table{border-collapse:collapse;font-size:.85rem;width:100%}th,td{padding:.25rem .45rem;border-bottom:1px solid #e3e3e3;text-align:right;white-space:nowrap}
th{background:#f6f6f6}th.text,td.text{text-align:left}
table.numbers{margin:.3rem 0 0;font-size:.8rem}table.numbers td{white-space:normal;padding:.2rem .3rem}table.numbers td:first-child,table.numbers th:first-child{text-align:left}
span.ci{white-space:nowrap}ul.note{padding-left:1.2rem;margin-top:0}
th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
body.wide{max-width:100rem}
#rows th,#rows td{padding:.25rem .3rem}#rows th{cursor:pointer;user-select:none;white-space:normal;vertical-align:bottom}#rows td.text{white-space:normal;overflow-wrap:break-word}#rows td.c-attackerCI,#rows td.c-rules{white-space:nowrap}
#rows td.c-replay{font-family:ui-monospace,monospace;font-size:.75rem;word-break:break-all;min-width:8rem;width:16rem}
.heat{margin:.3rem 0 1rem}.heat.scrolls{overflow-x:auto}
table.heat{width:auto;border-collapse:separate;border-spacing:2px}table.heat td{min-width:3.4rem;text-align:center;padding:.25rem .3rem;border:0;line-height:1.2}
table.heat th{background:none;font-weight:500;font-size:.8rem;max-width:9rem;white-space:normal;overflow-wrap:break-word;text-align:center;vertical-align:bottom;border:0}
table.heat th.name{text-align:right;vertical-align:middle;position:sticky;left:0;background:#fff;z-index:1;max-width:12rem}table.heat th.corner{color:#777;font-size:.75rem}
table.heat small{font-size:.72rem}
/* the batch table as cards, one a row, when its columns do not fit the screen */
#rows.cards,#rows.cards thead{display:block}#rows.cards tbody{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(20rem,100%),1fr));gap:.6rem;margin-top:.6rem}#rows.cards thead tr{display:flex;flex-wrap:wrap;gap:.3rem}
#rows.cards th{border:1px solid #ddd;border-radius:4px;padding:.2rem .4rem}
#rows.cards tbody tr{display:grid;grid-template-columns:1fr 1fr;column-gap:1rem;border:1px solid #ddd;border-radius:4px;margin:0;padding:.3rem .5rem;align-content:start}
#rows.cards td,#rows.cards td.text{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid #f0f0f0;white-space:normal;text-align:right;padding:.15rem 0}
#rows.cards td::before{content:attr(data-head);font-weight:600;text-align:left;flex:0 1 auto;min-width:0}#rows.cards td>span{min-width:0;overflow-wrap:anywhere}#rows.cards td:not(.text)>span,#rows.cards td.c-attackerCI>span{white-space:nowrap;flex:none}
#rows.cards td.text{grid-column:1/-1}#rows.cards td.text::before{flex:none}#rows.cards td.c-attackerCI{grid-column:auto}#rows.cards td.c-replay{min-width:0;width:auto;text-align:left}
figure{margin:0}
input[type=search]{font:inherit;padding:.3rem .5rem;margin:.3rem 0 .6rem;width:min(24rem,100%)}`;

/**
 * What every chart of a page shares: one size for each kind (the grid's, or a wide one), text
 * of one legible size, and axes that show at most `most` tick labels (a band axis of 20 phases
 * would run them together).
 */
const CHART_HELPERS = `const FONT = { fontSize: '13px', fontFamily: 'system-ui, sans-serif' };
const wide = () => Math.max(240, Math.min(860, document.body.clientWidth - 40));
const small = () => Math.max(280, Math.min(420, document.body.clientWidth - 40));
/** the width of the element a chart goes in (a grid cell), so that every chart of a grid is one size */
const widthOf = (el) => Math.max(260, Math.floor(el.clientWidth || small()));
const fewTicks = (values, most) => { const step = Math.max(1, Math.ceil(values.length / most)); return values.filter((_, i) => i % step === 0); };
const put = (id, node) => document.getElementById(id).append(node);`;

export function page(title: string, body: string, script: string, opts: { wide?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body${opts.wide ? ' class="wide"' : ''}>
${body}
${inlineLibraries()}
<script>
${CHART_HELPERS}
${script}
</script>
</body></html>
`;
}
