/**
 * An XSS corpus built from well-known vectors (OWASP's filter evasion cheat sheet, PortSwigger's
 * XSS cheat sheet, mutation-XSS classics): every vector, with every way of spelling the call,
 * in every surrounding. Each payload, if it ever ran, would call `__xss(<its number>)`, which
 * the test page records.
 */
const VECTORS: readonly string[] = [
  '<script>{JS}</script>',
  '<SCRIPT>{JS}</SCRIPT>',
  '<scr<script>ipt>{JS}</scr</script>ipt>',
  '<img src=x onerror="{JS}">',
  '<IMG SRC=x ONERROR="{JS}">',
  '<img src=x:x onerror="{JS}">',
  '<img srcset=",,,,,x" onerror="{JS}">',
  '"><img src=x onerror="{JS}">',
  '\'><img src=x onerror="{JS}">',
  '<svg onload="{JS}">',
  '<svg><script>{JS}</script></svg>',
  '<svg><animate onbegin="{JS}" attributeName=x dur=1s>',
  '<body onload="{JS}">',
  '<iframe src="javascript:{JS}"></iframe>',
  '<iframe srcdoc="<script>parent.{JS}</script>"></iframe>',
  '<details open ontoggle="{JS}">',
  '<video><source onerror="{JS}"></video>',
  '<audio src=x onerror="{JS}">',
  '<input autofocus onfocus="{JS}">',
  '<select autofocus onfocus="{JS}"></select>',
  '<textarea autofocus onfocus="{JS}"></textarea>',
  '<xss id=x tabindex=1 autofocus onfocusin="{JS}"></xss>',
  '<marquee onstart="{JS}">x</marquee>',
  '<object data="javascript:{JS}"></object>',
  '<embed src="javascript:{JS}">',
  '<math><mtext><table><mglyph><style><img src=x onerror="{JS}">',
  '<noscript><p title="</noscript><img src=x onerror={JS}>">',
  '<form><button formaction="javascript:{JS}">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:{JS}">',
  '<div style="background:url(javascript:{JS})">x</div>',
  '<template><img src=x onerror="{JS}"></template>',
  '<a href="javascript:{JS}" id="xss-link">link</a>',
  '<p onmouseover="{JS}" style="position:fixed;inset:0">cover</p>',
  '<img src=x onerror={JS}//',
  '<img/src=x/onerror="{JS}">',
  '<svg/onload="{JS}"',
];

/** Ways of spelling the call; `{N}` is the payload's number. */
const CALLS: readonly string[] = ['__xss({N})', "window['__xss']({N})", 'top.__xss({N})', "eval('__x'+'ss({N})')"];

/** What surrounds the vector in the field. */
const WRAPPERS: readonly ((v: string) => string)[] = [
  (v) => v,
  (v) => `<p>text ${v} more</p>`,
  (v) => `<b>${v}`,
  (v) => `<ul><li>${v}</li></ul>`,
];

export interface Payload {
  n: number;
  html: string;
}

export function xssCorpus(): Payload[] {
  const out: Payload[] = [];
  let n = 0;
  for (const vector of VECTORS) {
    for (const call of CALLS) {
      for (const wrap of WRAPPERS) {
        n++;
        out.push({ n, html: wrap(vector.replaceAll('{JS}', call.replaceAll('{N}', String(n)))) });
      }
    }
  }
  return out;
}
