import fc from 'fast-check';
import { canonicalJson } from '../../../server/modules/audit/chain';

/**
 * Entries already stored were hashed over canonicalJson's bytes: its output must stay the same
 * for the same value, whatever order its keys were set in.
 */
test('writes keys sorted at every depth, leaves out undefined, and reads back as the value', () => {
  expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: 'x' }], c: undefined }, é: '"q"' })).toBe(
    '{"a":{"d":[1,{"y":"x","z":null}]},"b":1,"é":"\\"q\\""}',
  );
  expect(canonicalJson({})).toBe('{}');
  expect(canonicalJson({ a: undefined })).toBe('{}');
  expect(canonicalJson(undefined)).toBe('null');
  // Integer-like keys sort as text, not first as JavaScript enumerates them.
  expect(canonicalJson({ b: 1, 10: 2, 9: 3 })).toBe('{"10":2,"9":3,"b":1}');
});

test('any JSON value: the same text whatever its keys’ order, and it parses back to the value', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const text = canonicalJson(value);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value) ?? 'null'));
      const reversed = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(reversed)
          : v !== null && typeof v === 'object'
            ? Object.fromEntries(
                Object.entries(v)
                  .reverse()
                  .map(([k, x]) => [k, reversed(x)]),
              )
            : v;
      expect(canonicalJson(reversed(value))).toBe(text);
    }),
  );
});
