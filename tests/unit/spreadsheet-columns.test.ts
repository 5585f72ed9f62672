import { describe, expect, it } from 'vitest';
import { registry } from '../../resources';
import { visibleColumns } from '../../resources/spreadsheets';
import { shiftWallClock, zoneOf } from '../../server/modules/spreadsheets/zones';

/** What an export writes besides its rows: the columns in the user's order, times in the user's zone. */
describe('export columns and zones', () => {
  const medicine = registry.get('medicine');
  const names = (hidden: string[], ranks: number[] | null) => visibleColumns(medicine, hidden, ranks).map((f) => f.name);

  it('keeps the list order without a choice, leaves the hidden columns and the picture out', () => {
    expect(names([], null)).toEqual([
      'medicine_code',
      'medicine_name',
      'medicine_category',
      'medicine_purchase_price',
      'medicine_sales_price',
      'medicine_status',
    ]);
    expect(names(['medicine_name'], null)).not.toContain('medicine_name');
  });

  it('follows the order the column chooser keeps (the table child shown at each position)', () => {
    // Children: 0 serial, 1 picture, 2 code, 3 name, 4 category, 5 purchase, 6 sales, 7 status: status moved first.
    expect(names([], [0, 7, 1, 2, 3, 4, 5, 6])).toEqual([
      'medicine_status',
      'medicine_code',
      'medicine_name',
      'medicine_category',
      'medicine_purchase_price',
      'medicine_sales_price',
    ]);
  });

  it('moves a stored date and time to the user’s zone, across a daylight-saving change too', () => {
    expect(shiftWallClock('2026-01-15 12:00:00', 'UTC', 'Asia/Dhaka')).toBe('2026-01-15 18:00:00');
    expect(shiftWallClock('2026-07-01 00:30:00', 'Asia/Dhaka', 'America/New_York')).toBe('2026-06-30 14:30:00');
    expect(shiftWallClock('2026-01-01 00:30:00', 'Asia/Dhaka', 'America/New_York')).toBe('2025-12-31 13:30:00');
    expect(shiftWallClock('not a time', 'UTC', 'Asia/Dhaka')).toBe('not a time');
    expect(zoneOf('Asia/Yangon')).toBe('Asia/Yangon');
    expect(() => zoneOf('Mars/Olympus')).toThrow(/not a time zone/);
  });
});
