import type sanitizeHtml from 'sanitize-html';
import { loadedBeforeUse } from '../util/lazy';

/**
 * Rich text is stored only after this allowlist: formatting, lists, links, tables and images;
 * no scripts, event handlers, styles other than alignment, or javascript: URLs.
 *
 * sanitize-html (with its HTML and CSS parsers) is loaded by the first write that carries rich
 * text, not at start-up: writers call `loadRichTextSanitizer()` before their (synchronous) checks.
 */
type Sanitize = (html: string) => string;

const sanitizer = loadedBeforeUse('the rich-text sanitizer', async (): Promise<Sanitize> => {
  const { default: sanitize } = await import('sanitize-html');
  const options: sanitizeHtml.IOptions = {
    allowedTags: [...sanitize.defaults.allowedTags, 'img', 'h1', 'h2', 'span', 'u', 's', 'mark'],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      '*': ['style'],
    },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  };
  return (html) => sanitize(html, options);
});

export const loadRichTextSanitizer = sanitizer.load;

export function sanitizeRichText(html: string): string {
  return sanitizer.get()(html);
}
