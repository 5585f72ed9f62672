import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
// The package the build replaces (its file by path, so no alias can catch it) and our stand-in.
const original = require('../../../node_modules/diacritic/diacritics.js') as { clean: (s: string) => string };
const shim = require('../../../src/shims/diacritic.cjs') as { clean: (s: string) => string };

describe("the column chooser's accent folding (src/shims/diacritic.cjs)", () => {
  it('folds what react-admin compares as the diacritic package does', () => {
    for (const text of ['Médicaments', 'Año de creación', 'Ürün Çeşidi', 'Crème brûlée', 'Precio unitario', 'Ⓐbc', 'ＡＢＣ', 'Ñandú'])
      expect(shim.clean(text), text).toBe(original.clean(text));
  });

  it('keeps the vowel signs of Bengali and Burmese labels, and answers "" for nothing', () => {
    for (const text of ['ওষুধের নাম', 'ဆေးဝါးအမည်']) expect(shim.clean(text)).toBe(original.clean(text));
    expect(shim.clean('')).toBe('');
  });
});
