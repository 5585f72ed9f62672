import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { EARLY_PAGE_FRESH_MS, withEarlyList } from '../../dataProvider/earlyList';

/** A dataProvider whose getList counts its calls and answers each with its number. */
function countingProvider(fail = false) {
  const calls: { resource: string; params: GetListParams }[] = [];
  const dataProvider = {
    getList: (resource: string, params: GetListParams): Promise<GetListResult> => {
      calls.push({ resource, params });
      if (fail) return Promise.reject(new Error('server down'));
      return Promise.resolve({ data: [{ id: calls.length }], total: calls.length });
    },
  } as unknown as DataProvider;
  return { dataProvider, calls };
}

const firstPage: GetListParams = { pagination: { page: 1, perPage: 25 }, sort: { field: 'branch_id', order: 'DESC' }, filter: {} };

describe('a list page asked for early', () => {
  it("answers the list's first call with the same parameters, once, without a second call", async () => {
    const { dataProvider, calls } = countingProvider();
    const early = withEarlyList(dataProvider);
    const asked = early.askEarly('branch', firstPage);
    // As react-admin's list asks: a copy of the parameters, with its abort signal and no meta.
    const first = await early.dataProvider.getList('branch', { ...firstPage, meta: undefined, signal: new AbortController().signal });
    expect(first).toBe(await asked);
    expect(calls).toHaveLength(1);
    // A second call (a refetch) asks the dataProvider.
    await early.dataProvider.getList('branch', firstPage);
    expect(calls).toHaveLength(2);
  });

  it('is not given to a call with another page, order, filter, resource or meta', async () => {
    const { dataProvider, calls } = countingProvider();
    const early = withEarlyList(dataProvider);
    await early.askEarly('branch', firstPage);
    await early.dataProvider.getList('branch', { ...firstPage, pagination: { page: 2, perPage: 25 } });
    await early.dataProvider.getList('branch', { ...firstPage, sort: { field: 'branch_name', order: 'ASC' } });
    await early.dataProvider.getList('branch', { ...firstPage, filter: { q: 'x' } });
    await early.dataProvider.getList('medicine', firstPage);
    await early.dataProvider.getList('branch', { ...firstPage, meta: { scope: 'x' } });
    expect(calls).toHaveLength(6);
  });

  it('is not given once older than its freshness, nor after it failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { dataProvider, calls } = countingProvider();
      const early = withEarlyList(dataProvider);
      await early.askEarly('branch', firstPage);
      vi.setSystemTime(Date.now() + EARLY_PAGE_FRESH_MS + 1);
      await early.dataProvider.getList('branch', firstPage);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    const failing = countingProvider(true);
    const early = withEarlyList(failing.dataProvider);
    await expect(early.askEarly('branch', firstPage)).rejects.toThrow('server down');
    await expect(early.dataProvider.getList('branch', firstPage)).rejects.toThrow('server down');
    expect(failing.calls).toHaveLength(2);
  });

  it('answers a call that comes while the early page is still on its way with that same page', async () => {
    const { dataProvider, calls } = countingProvider();
    const early = withEarlyList(dataProvider);
    const asked = early.askEarly('branch', firstPage);
    const first = early.dataProvider.getList('branch', firstPage);
    expect(await first).toBe(await asked);
    expect(calls).toHaveLength(1);
  });
});

describe('an early page that has arrived', () => {
  it('is given to the list to start from, only once it is in and only while it is fresh, for the same parameters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { dataProvider } = countingProvider();
      const early = withEarlyList(dataProvider);
      const asked = early.askEarly('branch', firstPage);
      expect(early.arrived('branch', firstPage)).toBeUndefined();
      const page = await asked;
      expect(early.arrived('branch', { ...firstPage, meta: undefined })?.page).toBe(page);
      expect(early.arrived('branch', { ...firstPage, sort: { field: 'branch_name', order: 'ASC' } })).toBeUndefined();
      expect(early.arrived('medicine', firstPage)).toBeUndefined();
      vi.setSystemTime(Date.now() + EARLY_PAGE_FRESH_MS + 1);
      expect(early.arrived('branch', firstPage)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
