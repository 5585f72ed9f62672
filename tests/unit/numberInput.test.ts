import { numberInputValue } from '../../src/fields/NumberFieldInput';
import { formatInputNumber, parseInputNumber } from '../../src/fields/localNumber';

describe('what a number input keeps of what is typed', () => {
  it('reads a number in each language, the decimal comma in Spanish too', () => {
    expect(numberInputValue('12.50', 'en')).toBe(12.5);
    expect(numberInputValue('12,50', 'es')).toBe(12.5);
    expect(numberInputValue('12.50', 'es')).toBe(12.5);
    expect(numberInputValue('১২.৫০', 'bn')).toBe(12.5);
    expect(numberInputValue('၁၂.၅၀', 'my')).toBe(12.5);
    expect(parseInputNumber('1.234,5', 'es')).toBe(1234.5);
  });

  it('keeps text that is no number as it was typed, never 0, and nothing as null', () => {
    // What a click into a pre-filled "0.00" followed by typing once gave.
    expect(numberInputValue('0.0012.50', 'en')).toBe('0.0012.50');
    expect(numberInputValue('0,0012,50', 'es')).toBe('0,0012,50');
    expect(numberInputValue('twelve', 'bn')).toBe('twelve');
    expect(numberInputValue('', 'en')).toBeNull();
    expect(numberInputValue('  ', 'my')).toBeNull();
  });

  it('shows a money value with two decimals in the language, as the list does', () => {
    expect(formatInputNumber(12.5, 'es', true)).toBe('12,50');
    expect(formatInputNumber(0, 'en', true)).toBe('0.00');
    expect(formatInputNumber(null, 'en', true)).toBe('');
    // More than two decimals is refused by the form, and shown as it is, not rounded to 0.00.
    expect(formatInputNumber(0.0015, 'en', true)).toBe('0.0015');
    expect(formatInputNumber(3, 'en', false)).toBe('3');
  });
});
