// Tailwind class-list merging: a later class replaces earlier ones that set the same CSS property
// under the same variants (`px-2 px-4` -> `px-4`, `p-2 px-4` keeps both, `px-4 p-2` -> `p-2`).
// A 1.5 kB stand-in for tailwind-merge (9 kB gzip) covering the utility families this app uses;
// class-merge.test.ts checks it agrees with tailwind-merge on every pair of classes in src/client,
// so a class from a family not listed here fails that test until a rule is added.

/** [pattern, group]: the first matching pattern names a class's group; $1, $2 take its captures. */
const RULES: [RegExp, string][] = [
  [/^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|table|hidden|flow-root|list-item)$/, 'display'],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(not-)?sr-only$/, 'sr'],
  [/^(visible|invisible|collapse)$/, 'vis'],
  [/^(truncate|text-ellipsis|text-clip)$/, 'tof'],
  [/^(underline|overline|line-through|no-underline)$/, 'tdl'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'tt'],
  [/^(tabular|proportional)-nums$/, 'fvs'],
  [/^(not-)?italic$/, 'fst'],
  [/^([pm][xytrblse]?)-/, '$1'],
  [/^scroll-([pm][xytrblse]?)-/, 's$1'],
  [/^inset-([xy])-/, 'inset$1'],
  [/^(min|max)-([wh])-/, '$1$2'],
  [/^(gap|space|overflow|overscroll)-([xy])-reverse$/, '$1$2r'],
  [/^(gap|space|overflow|overscroll)-([xy])-/, '$1$2'],
  [/^flex-(row|col)(-reverse)?$/, 'fdir'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'fwrap'],
  [/^(grow|shrink)(-|$)/, '$1'],
  [/^justify-(items|self)-/, 'j$1'],
  [/^content-(center|start|end|between|around|evenly|baseline|stretch|normal)$/, 'acontent'],
  [/^place-(content|items|self)-/, 'place$1'],
  [/^grid-(cols|rows|flow)-/, 'g$1'],
  [/^(col|row)-(span-|auto$)/, '$1span'],
  [/^text-(left|center|right|justify|start|end)$/, 'talign'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'twrap'],
  [/^text-((xs|sm|base|lg|\d?xl)(\/|$)|\[(length:)?[\d.]+(px|rem|em)\])/, 'fsize'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[\d+\])$/, 'fweight'],
  [/^bg-(gradient|linear|radial|conic|none|\[url)/, 'bgimage'],
  [/^bg-(auto|cover|contain)$/, 'bgsize'],
  [/^bg-(fixed|local|scroll)$/, 'bgattach'],
  [/^bg-(no-)?repeat/, 'bgrepeat'],
  [/^bg-(clip|origin)-/, 'bg$1'],
  [/^bg-(center|top|bottom|left|right)/, 'bgpos'],
  [/^(from|via|to)-[\d.]+%$/, '$1pos'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'bstyle'],
  [/^border-(collapse|separate)$/, 'bcollapse'],
  [/^border-spacing(-[xy])?-/, 'bsp$1'],
  [/^table-(auto|fixed)$/, 'tlayout'],
  [/^border(-[xysetrbl])?(-\d+|-\[(length:)?[\d.]+px\])?$/, 'bw$1'],
  [/^border(-[xysetrbl])?-/, 'bc$1'],
  [/^rounded(-(tl|tr|br|bl|ss|se|ee|es|[trblse]))?(-|$)/, 'r$2'],
  [/^shadow(-(xs|sm|md|lg|xl|2xl|none|\[.*))?$/, 'shadowsize'],
  [/^decoration-(solid|double|dotted|dashed|wavy)$/, 'dstyle'],
  [/^decoration-(\d|auto$|from-font$)/, 'dw'],
  [/^ring-offset-(\d|\[)/, 'rofw'],
  [/^ring(-\d+|-\[[\d.]+px\])?$/, 'ringw'],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, 'ostyle'],
  [/^outline(-\d+)?$/, 'outlinew'],
  [/^(outline|underline|ring)-offset-/, '$1off'],
  [/^divide-([xy])-reverse$/, 'dv$1r'],
  [/^divide-([xy])(-|$)/, 'dv$1'],
  [/^divide-(solid|dashed|dotted|double|none)$/, 'dvstyle'],
  [/^(translate|scale)-([xyz])-/, '$1$2'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'ofit'],
  [/^stroke-(\d|\[)/, 'strokew'],
  [/^break-(before|after|inside)-/, 'break$1'],
  [/^line-clamp-/, 'lclamp'],
  [/^(pointer-events|backdrop-\w+)(-|$)/, '$1'],
  // The rest: the group is the utility's first word.
  [
    /^(bg|text|font|shadow|ring|outline|decoration|divide|border|rounded|from|via|to|w|h|size|inset|top|right|bottom|left|start|end|z|order|basis|opacity|duration|delay|ease|leading|tracking|aspect|columns|cursor|accent|caret|whitespace|animate|rotate|fill|stroke|list|indent|align|appearance|select|resize|isolation|float|clear|will|gap|space|overflow|overscroll|flex|justify|items|self|content|object|break|translate|scale|transition|origin)(-|$)/,
    '$1',
  ],
];

/** Groups a class replaces besides its own (a shorthand replaces its sides, `size` replaces w and h). */
const OVERRIDES: Record<string, string> = {
  p: 'px py ps pe pt pr pb pl',
  px: 'pr pl',
  py: 'pt pb',
  m: 'mx my ms me mt mr mb ml',
  mx: 'mr ml',
  my: 'mt mb',
  inset: 'insetx insety top right bottom left start end',
  insetx: 'right left',
  insety: 'top bottom',
  size: 'w h',
  gap: 'gapx gapy',
  overflow: 'overflowx overflowy',
  overscroll: 'overscrollx overscrolly',
  fsize: 'leading',
  flex: 'basis grow shrink',
  lclamp: 'display overflow',
  translate: 'translatex translatey',
  scale: 'scalex scaley',
  bw: 'bw-x bw-y bw-s bw-e bw-t bw-r bw-b bw-l',
  'bw-x': 'bw-r bw-l',
  'bw-y': 'bw-t bw-b',
  bc: 'bc-x bc-y bc-s bc-e bc-t bc-r bc-b bc-l',
  'bc-x': 'bc-r bc-l',
  'bc-y': 'bc-t bc-b',
  r: 'rt rr rb rl rs re rtl rtr rbr rbl rss rse ree res',
  rt: 'rtl rtr',
  rr: 'rtr rbr',
  rb: 'rbr rbl',
  rl: 'rtl rbl',
  rs: 'rss res',
  re: 'rse ree',
  bsp: 'bsp-x bsp-y',
  dvx: 'dvxr',
  dvy: 'dvyr',
};

/** The property group of a class without its variants, or null when it is not a utility. */
export function classGroup(util: string): string | null {
  for (const [pattern, group] of RULES) {
    const m = pattern.exec(util);
    if (m) return group.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? '');
  }
  return null;
}

/** The variants of `md:hover:!-mt-2` (sorted: they commute, except arbitrary ones) and its utility. */
function parse(cls: string): [variants: string, util: string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) last = i;
  }
  const variants = last >= 0 ? cls.slice(0, last).split(':') : [];
  let util = cls.slice(last + 1);
  const important = util.startsWith('!') || util.endsWith('!');
  util = util.replace(/^!|!$/g, '').replace(/^-/, '');
  if (!variants.some((v) => v.startsWith('['))) variants.sort();
  return [`${variants.join(':')}${important ? '!' : ''}|`, util];
}

// Components render the same class lists over and over; remember the last few hundred results.
const cache = new Map<string, string>();
const CACHE_SIZE = 500;

/** Merges a space-separated class list: later classes win over earlier conflicting ones. */
export function mergeClasses(list: string): string {
  const hit = cache.get(list);
  if (hit !== undefined) return hit;
  const merged = merge(list);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(list, merged);
  return merged;
}

function merge(list: string): string {
  const taken = new Set<string>();
  const out: string[] = [];
  // Walk from the end: a class survives unless a later class already claimed its group.
  for (const cls of list.trim().split(/\s+/).reverse()) {
    if (!cls) continue;
    const [variants, util] = parse(cls);
    const group = classGroup(util);
    if (group !== null) {
      if (taken.has(variants + group)) continue;
      for (const g of [group, ...(OVERRIDES[group]?.split(' ') ?? [])]) taken.add(variants + g);
    }
    out.push(cls);
  }
  return out.reverse().join(' ');
}
