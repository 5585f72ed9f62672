/**
 * Cells a spreadsheet program would run as a formula start with one of these (OWASP's CSV
 * injection advice). Such a text is written with a leading apostrophe, which spreadsheet programs
 * show as text and do not keep; reading a file, the apostrophe before one of these is taken off
 * again, so `+880 1711...` survives an export and import unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

export const restore = (text: string): string => (text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text);
