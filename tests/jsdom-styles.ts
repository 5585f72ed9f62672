/**
 * jsdom works out an element's computed style by matching every CSS rule the page holds (thousands,
 * from emotion) against it and its ancestors; testing-library asks for it on every node it names
 * (is it hidden?), user-event on every pointer action, MUI's autosizing textarea after each render.
 * Together that was half of a form-heavy file's CPU. Two changes, neither of which alters an answer
 * a test can observe:
 *
 * - An element's computed style is kept until the document next changes. jsdom counts every
 *   change of the tree or of an attribute on the document (the version its live collections use);
 *   emotion (not in speedy mode outside production) adds each rule as a new <style> element, which
 *   is such a change; focus, which `:focus` rules read without any change, is part of the key.
 *   Where that count is not found (another jsdom), nothing is kept.
 * - jsdom lays nothing out, so a textarea's computed width is what layout gives it here, 0 px: the
 *   autosizer stops as it does for a hidden textarea in a browser (tests/textarea-style.ts).
 */
import { textareaStyle } from './textarea-style';

const computed = window.getComputedStyle.bind(window);

/** jsdom's count of the document's changes (its implementation object's `_version`), if this jsdom has one. */
const implKey = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
const documentVersion = (): number | undefined => {
  const impl: unknown = implKey ? (document as unknown as Record<symbol, unknown>)[implKey] : undefined;
  const version = (impl as { _version?: unknown } | undefined)?._version;
  return typeof version === 'number' ? version : undefined;
};

const kept = new WeakMap<Element, { version: number; focus: Element | null; style: CSSStyleDeclaration }>();

window.getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration => {
  if (pseudo) return computed(element, pseudo);
  const version = element.isConnected ? documentVersion() : undefined;
  const focus = document.activeElement;
  const known = kept.get(element);
  if (known && known.version === version && known.focus === focus) return known.style;
  const style = element.tagName === 'TEXTAREA' ? textareaStyle(element, computed) : computed(element);
  if (version !== undefined) kept.set(element, { version, focus, style });
  return style;
};
