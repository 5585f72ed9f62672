import { MONEY, formatDate, formatDateTime, formatNumber, prepareFormats, toDate } from '../../../i18n/format';

describe('date and number formats', () => {
  it('writes dates day/month/year with two digits, in the language digits', () => {
    expect(formatDate('2022-01-10', 'en')).toBe('10/01/2022');
    expect(formatDate('2022-01-10', 'es')).toBe('10/01/2022');
    expect(formatDate('2022-01-10', 'bn')).toBe('১০/০১/২০২২');
    expect(formatDate('2022-01-10', 'my')).toBe('၁၀/၀၁/၂၀၂၂');
  });

  it('writes notification dates yyyy-MM-dd HH:mm:ss on a 24-hour clock', () => {
    expect(formatDateTime('2024-03-05 17:04:09', 'en')).toBe('2024-03-05 17:04:09');
    expect(formatDateTime('2024-03-05 00:04:09', 'en')).toBe('2024-03-05 00:04:09');
    expect(formatDateTime('2024-03-05 17:04:09', 'bn')).toBe('২০২৪-০৩-০৫ ১৭:০৪:০৯');
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
