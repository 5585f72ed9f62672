import { MONEY, formatDate, formatDateTime, formatNumber, prepareFormats, toDate } from '../../../i18n/format';

describe('date and number formats', () => {
  it('writes dates day/month/year with two digits, in the language digits', () => {
    expect(formatDate('2022-01-10', 'en')).toBe('10/01/2022');
    expect(formatDate('2022-01-10', 'es')).toBe('10/01/2022');
    expect(formatDate('2022-01-10', 'bn')).toBe('১০/০১/২০২২');
    expect(formatDate('2022-01-10', 'my')).toBe('၁၀/၀၁/၂၀၂၂');
  });

  it('writes every date with a time the one way of its language: the date, then HH:mm on a 24-hour clock', () => {
    expect(formatDateTime('2024-03-05 17:04:09', 'en')).toBe('05/03/2024, 17:04');
    expect(formatDateTime('2024-03-05 00:04:09', 'en')).toBe('05/03/2024, 00:04');
    expect(formatDateTime('2024-03-05 17:04:09', 'es')).toBe('05/03/2024, 17:04');
    expect(formatDateTime('2024-03-05 17:04:09', 'bn')).toBe('০৫/০৩/২০২৪, ১৭:০৪');
    expect(formatDateTime('2024-03-05 17:04:09', 'my')).toMatch(/^၀၅\/၀၃\/၂၀၂၄,? ၁၇:၀၄$/);
    // An instant (the API's ISO text, a Date, a timestamp) reads the same as the local wall clock it is.
    const at = new Date(2024, 2, 5, 17, 4, 9);
    expect(formatDateTime(at.toISOString(), 'en')).toBe('05/03/2024, 17:04');
    expect(formatDateTime(at.getTime(), 'en')).toBe('05/03/2024, 17:04');
    // The date part is the language's date format, never month first.
    expect(formatDateTime('2026-12-07 05:07:00', 'en').startsWith(formatDate('2026-12-07', 'en'))).toBe(true);
    expect(formatDate('2026-12-07', 'en')).toBe('07/12/2026');
  });

  it('reads the API date texts as local dates, and gives nothing for no date', () => {
    expect(toDate('2015-03-01')?.getDate()).toBe(1);
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('groups numbers the way each language does', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'bn')).toBe('১,২৩৪.৫');
    expect(formatNumber(12.5, 'es', { minimumFractionDigits: 2 })).toBe('12,50');
    expect(formatNumber('', 'en')).toBe('');
  });

  it('prepareFormats builds the list formatters ahead, so a list page builds none of its own', () => {
    // Burmese: no other test here has built its formatters yet.
    prepareFormats('my');
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatNumber(7, 'my', MONEY)).toBe('၇.၀၀');
      expect(formatNumber(1234, 'my')).toBe('၁,၂၃၄');
      expect(formatDate('2022-01-10', 'my')).toBe('၁၀/၀၁/၂၀၂၂');
      expect(numbers).not.toHaveBeenCalled();
      expect(dates).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
      dates.mockRestore();
    }
  });
});
