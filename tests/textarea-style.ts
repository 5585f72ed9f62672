/**
 * A textarea's computed style as layout would give it in a DOM without layout (jsdom, happy-dom):
 * its width is 0 px, so MUI's autosizing textarea stops as it does for a hidden textarea in a
 * browser, instead of working out the element's whole computed style (every CSS rule of the page
 * matched against it) after each render. Its other properties are the DOM's own, worked out when
 * first read (display, visibility, pointer-events).
 */
export function textareaStyle(element: Element, computed: (element: Element) => CSSStyleDeclaration): CSSStyleDeclaration {
  let real: CSSStyleDeclaration | undefined;
  const style = () => (real ??= computed(element));
  return new Proxy({} as CSSStyleDeclaration, {
    get(_, property) {
      if (property === 'width') return '0px';
      if (property === 'getPropertyValue') return (name: string) => (name === 'width' ? '0px' : style().getPropertyValue(name));
      const value: unknown = Reflect.get(style(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(style()) : value;
    },
    has: (_, property) => property in style(),
  });
}
