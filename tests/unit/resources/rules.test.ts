import { describe, expect, it } from 'vitest';
import {
  coerce,
  defaultOf,
  derivedValue,
  formDefaults,
  isVisible,
  nowIn,
  parseJsonList,
  parseStringList,
  registry,
  todayIn,
  type Field,
  type ResourceDescriptor,
} from '../../../resources';
import { equipment } from '../../fixtures/entities/equipment';

/** The descriptor rules the server and the console share (resources/rules.ts), tested once. */
const field = (f: Field) => f;

describe('dates in the server time zone', () => {
  // 2026-11-22 20:30 UTC is already the 23rd in Dhaka (UTC+6) and still the 22nd in New York.
  const at = new Date('2026-11-22T20:30:15Z');
  it('today and now follow the zone, not UTC or the machine', () => {
    expect(todayIn('Asia/Dhaka', at)).toBe('2026-11-23');
    expect(todayIn('America/New_York', at)).toBe('2026-11-22');
    expect(todayIn('UTC', at)).toBe('2026-11-22');
    expect(nowIn('Asia/Dhaka', at)).toBe('2026-11-23 02:30:15');
    expect(nowIn('UTC', at)).toBe('2026-11-22 20:30:15');
  });
  it("a 'today' default is the zone's date on both sides", () => {
    const d = registry.get('branch');
    const opening = d.fields.find((f) => f.name === 'branch_opening_date')!;
    expect(defaultOf(opening, 'Asia/Dhaka', at)).toBe('2026-11-23');
    expect(formDefaults(d, 'Asia/Dhaka', at).branch_opening_date).toBe('2026-11-23');
    expect(formDefaults(d, 'America/New_York', at).branch_opening_date).toBe('2026-11-22');
  });
  it('an unknown zone is refused', () => {
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('defaults', () => {
  it('form defaults: declared values, status active, lists empty, derived numbers computed', () => {
    expect(formDefaults(equipment as ResourceDescriptor, 'UTC', new Date('2026-01-02T03:04:05Z'))).toEqual({
      equipment_kind: 'Device',
      equipment_bought: '2026-01-02',
      equipment_parts: [],
      equipment_status: 1,
    });
    const medicine = formDefaults(registry.get('medicine'), 'UTC');
    expect(medicine).toMatchObject({ medicine_purchase_price: 0, medicine_sales_price: 0, medicine_sales_profit: 0, medicine_status: 1 });
  });
  it('server defaults of undeclared fields: text empty, choice and reference null, lists as JSON text', () => {
    expect(defaultOf(field({ name: 'a', kind: 'text' }), 'UTC')).toBe('');
    expect(defaultOf(field({ name: 'a', kind: 'choice', choices: ['x'] }), 'UTC')).toBeNull();
    expect(defaultOf(field({ name: 'a', kind: 'reference', reference: 'b', embedAs: 'b' }), 'UTC')).toBeNull();
    expect(defaultOf(field({ name: 'a', kind: 'rows', of: [] }), 'UTC')).toBe('[]');
    expect(defaultOf(field({ name: 'a', kind: 'status' }), 'UTC')).toBe(1);
  });
});

describe('visibility', () => {
  const lens = field({ name: 'power', kind: 'text', visibleWhen: { field: 'type', in: ['Lens', 2] } });
  it('is the same whether the watched value is text or a number', () => {
    expect(isVisible(lens, { type: 'Lens' })).toBe(true);
    expect(isVisible(lens, { type: 2 })).toBe(true);
    expect(isVisible(lens, { type: '2' })).toBe(true);
    expect(isVisible(lens, { type: 'Frame' })).toBe(false);
    expect(isVisible(lens, {})).toBe(false);
    expect(isVisible(lens, { type: null })).toBe(false);
    expect(isVisible(field({ name: 'x', kind: 'text' }), {})).toBe(true);
  });
});

describe('derived values', () => {
  it('a - b rounded to cents, blanks and junk counting as 0', () => {
    const profit = { minus: ['sales', 'purchase'] as const };
    expect(derivedValue(profit, { sales: 1.2, purchase: 0.8 })).toBe(0.4);
    expect(derivedValue(profit, { sales: '10', purchase: '' })).toBe(10);
    expect(derivedValue(profit, { sales: 'abc', purchase: 3 })).toBe(-3);
  });
});

describe('JSON-text lists', () => {
  it('reads arrays and JSON text; anything unreadable is an empty list', () => {
    expect(parseJsonList('[{"a":"1"}]')).toEqual([{ a: '1' }]);
    expect(parseJsonList(['x'])).toEqual(['x']);
    expect(parseJsonList('{"a":1}')).toEqual([]);
    expect(parseJsonList('not json')).toEqual([]);
    expect(parseJsonList(null)).toEqual([]);
    expect(parseStringList('["a",1,"b"]')).toEqual(['a', 'b']);
  });
});

describe('coercion and declared constraints', () => {
  const price = field({ name: 'price', kind: 'money', min: 0, max: 1000 });
  const code = field({
    name: 'code',
    kind: 'text',
    maxLength: 5,
    pattern: { regex: '^[A-Z0-9-]+$', message: 'must be capital letters, digits and -' },
  });
  it('min and max', () => {
    expect(coerce(price, -0.01)).toEqual({ ok: false, error: 'must be at least 0' });
    expect(coerce(price, '1000.001')).toEqual({ ok: true, value: 1000 });
    expect(coerce(price, 1000.5)).toEqual({ ok: false, error: 'must be at most 1000' });
    expect(coerce(price, '12.345')).toEqual({ ok: true, value: 12.35 });
    expect(coerce(price, '')).toEqual({ ok: true, value: null });
  });
  it('maxLength and pattern on the trimmed text', () => {
    expect(coerce(code, ' AB-1 ')).toEqual({ ok: true, value: 'AB-1' });
    expect(coerce(code, 'ABCDEF')).toEqual({ ok: false, error: 'must be at most 5 characters' });
    expect(coerce(code, 'ab')).toEqual({ ok: false, error: 'must be capital letters, digits and -' });
    expect(coerce(code, '')).toEqual({ ok: true, value: '' });
  });
  it('choices, status, dates, e-mail, links and rows', () => {
    const kind = field({ name: 'k', kind: 'choice', choices: ['A', 'B'] });
    expect(coerce(kind, 'C')).toEqual({ ok: false, error: 'must be one of: A, B' });
    expect(coerce(field({ name: 's', kind: 'status' }), 'true')).toEqual({ ok: true, value: 1 });
    expect(coerce(field({ name: 'd', kind: 'date' }), '2026-02-30').ok).toBe(false);
    expect(coerce(field({ name: 't', kind: 'datetime' }), '2026-02-03T04:05')).toEqual({ ok: true, value: '2026-02-03 04:05' });
    expect(coerce(field({ name: 'e', kind: 'email' }), 'no-at-sign').ok).toBe(false);
    expect(coerce(field({ name: 'u', kind: 'url' }), 'javascript:alert(1)').ok).toBe(false);
    const rows = field({ name: 'r', kind: 'rows', of: [{ name: 'part', kind: 'text', required: true }] });
    expect(coerce(rows, [{ part: ' Lead ' }])).toEqual({ ok: true, value: '[{"part":"Lead"}]' });
    expect(coerce(rows, [{ part: '' }])).toEqual({ ok: false, error: 'row 1: part is required' });
    expect(coerce(field({ name: 'n', kind: 'integer' }), '1.5')).toEqual({ ok: false, error: 'must be a whole number' });
    expect(coerce(field({ name: 'x', kind: 'longText' }), 'a\r\nb\u0000')).toEqual({ ok: true, value: 'a\nb' });
  });
});
