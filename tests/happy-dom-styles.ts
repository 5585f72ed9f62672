import { textareaStyle } from './textarea-style';

/**
 * happy-dom works out a computed style by matching the page's CSS rules (thousands, from emotion)
 * against the element; MUI's autosizing textarea asks for its textarea's after every render, which
 * was 7 % of a form-heavy file's CPU (tests/ui/contentScreens.test.tsx). A textarea's width is what
 * layout gives it here, 0 px (tests/textarea-style.ts); every other element's style is happy-dom's.
 * The ui files share a window (isolate: false), so this is put in place once.
 */
const INSTALLED = Symbol.for('console-tests.textarea-style');
const w = window as typeof window & { [INSTALLED]?: true };
if (!w[INSTALLED]) {
  w[INSTALLED] = true;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null): CSSStyleDeclaration =>
    !pseudo && element.tagName === 'TEXTAREA' ? textareaStyle(element, (e) => computed(e)) : computed(element, pseudo);
}
