/** Deep merge of message catalogues: later catalogues add keys (and nested keys) to earlier ones. */
export interface Messages {
  [key: string]: string | Messages;
}

export function mergeMessages(...catalogues: readonly Messages[]): Messages {
  const out: Messages = {};
  for (const catalogue of catalogues) {
    for (const [key, value] of Object.entries(catalogue)) {
      const before = out[key];
      out[key] = typeof value === 'object' && typeof before === 'object' ? mergeMessages(before, value) : value;
    }
  }
  return out;
}
