/**
 * The server answers in English ('Data Insert Successfully', 'must be at most 50 characters').
 * The catalogues hold those texts under `server.*` with `%{name}` where the server puts a value;
 * this recognises a server text and names its catalogue key and values, so the console can show
 * it in the current language. Catalogue keys never contain spaces, server sentences do (or are
 * one of the known words), so ordinary keys are never mistaken for server texts.
 */
export interface ServerMessage {
  key: string;
  values: Record<string, string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function serverMessageTranslator(english: Record<string, unknown>, prefix = 'server') {
  const exact = new Map<string, string>();
  const patterns: { regex: RegExp; names: string[]; key: string }[] = [];
  for (const [name, text] of Object.entries(english)) {
    if (typeof text !== 'string') continue;
    const key = `${prefix}.${name}`;
    const names = [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] ?? '');
    if (!names.length) {
      exact.set(text, key);
      continue;
    }
    // A placeholder used twice ('between -%{max} and %{max}') must capture the same value.
    const seen = new Set<string>();
    const source = text
      .split(/(%\{\w+\})/)
      .map((part) => {
        const m = /^%\{(\w+)\}$/.exec(part);
        if (!m?.[1]) return escape(part);
        if (seen.has(m[1])) return `\\k<${m[1]}>`;
        seen.add(m[1]);
        return `(?<${m[1]}>.+?)`;
      })
      .join('');
    patterns.push({ regex: new RegExp(`^${source}$`), names, key });
  }
  return (text: string): ServerMessage | undefined => {
    const key = exact.get(text);
    if (key) return { key, values: {} };
    if (!text.includes(' ')) return undefined;
    for (const p of patterns) {
      const m = p.regex.exec(text);
      if (m?.groups) return { key: p.key, values: { ...m.groups } };
    }
    return undefined;
  };
}
