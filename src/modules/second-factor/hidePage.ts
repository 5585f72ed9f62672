/**
 * Takes everything on the page but `keep` away from the person and their assistive technology
 * while the console is locked: each other child of <body> (the console, open dialogs, menus,
 * toasts, and any that appear later) is made `inert` (no focus, no clicks, no find-in-page, out of
 * the accessibility tree) and `aria-hidden`. Nothing is unmounted, so an open form keeps what was
 * typed. The returned function gives each element back the attributes it had.
 */
export function hidePage(keep: Element): () => void {
  const before = new Map<Element, { inert: boolean; ariaHidden: string | null }>();
  const hide = (el: Element) => {
    if (el === keep || before.has(el) || !(el instanceof HTMLElement) || el.tagName === 'SCRIPT' || el.tagName === 'NOSCRIPT') return;
    before.set(el, { inert: el.inert, ariaHidden: el.getAttribute('aria-hidden') });
    el.inert = true;
    el.setAttribute('aria-hidden', 'true');
  };
  for (const el of Array.from(document.body.children)) hide(el);
  const later = new MutationObserver((changes) => {
    for (const change of changes) for (const node of Array.from(change.addedNodes)) if (node instanceof Element) hide(node);
  });
  later.observe(document.body, { childList: true });
  return () => {
    later.disconnect();
    for (const [el, was] of before) {
      if (!(el instanceof HTMLElement)) continue;
      el.inert = was.inert;
      if (was.ariaHidden === null) el.removeAttribute('aria-hidden');
      else el.setAttribute('aria-hidden', was.ariaHidden);
    }
  };
}
