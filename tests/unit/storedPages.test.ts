import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { withEarlyList } from '../../dataProvider/earlyList';
import { STORED_PAGES_KEY, keepPage, storedPage } from '../../dataProvider/storedPages';
import { TOKEN_KEY } from '../../dataProvider/httpClient';
import { session } from '../../authProvider/storage';
import { lockNow, unlocked } from '../../src/modules/second-factor/lock-state';

const firstPage: GetListParams = { pagination: { page: 1, perPage: 25 }, sort: { field: 'medicine_id', order: 'DESC' }, filter: {} };
const page = (name: string): GetListResult => ({ data: [{ id: 1, medicine_name: name }], total: 1 });

/** A dataProvider answering every getList with one row named `name`. */
function answering(name: string) {
  let calls = 0;
  const dataProvider = {
    getList: () => {
      calls += 1;
      return Promise.resolve(page(name));
    },
  } as unknown as DataProvider;
  return { dataProvider, calls: () => calls };
}

const signInAs = (token: string) => session.save({ user_id: 1, user_name: 'Admin', username: 'admin', token, permissions: [] });

describe("the lists' first pages kept in the browser", () => {
  afterEach(() => {
    unlocked();
    localStorage.clear();
  });

  it('keeps the first page a list is answered, and hands it to the same session only', async () => {
    signInAs('token-of-session-one-aaaaaaaaaaaa');
    const early = withEarlyList(answering('Napa 500').dataProvider);
    await early.dataProvider.getList('medicine', firstPage);
    expect(early.stored('medicine', firstPage)?.page).toEqual(page('Napa 500'));
    // Another session (the token is replaced without the storage being cleared): nothing for it.
    localStorage.setItem(TOKEN_KEY, 'token-of-session-two-bbbbbbbbbbbb');
    expect(early.stored('medicine', firstPage)).toBeUndefined();
  });

  it('keeps neither other pages, filtered pages, a form’s choices, nor anything while signed out', async () => {
    const early = withEarlyList(answering('Napa 500').dataProvider);
    await early.dataProvider.getList('medicine', firstPage);
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();
    signInAs('token-of-session-one-aaaaaaaaaaaa');
    const others: GetListParams[] = [
      { ...firstPage, pagination: { page: 2, perPage: 25 } },
      { ...firstPage, filter: { q: 'napa' } },
      { ...firstPage, pagination: { page: 1, perPage: 1000 } },
      { ...firstPage, meta: { reason: 'lookup' } },
    ];
    for (const params of others) {
      await early.dataProvider.getList('medicine', params);
      expect(early.stored('medicine', params)).toBeUndefined();
    }
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();
  });

  it('forgets them at sign-out, at a new sign-in and when the console locks; keeps nothing while locked', async () => {
    signInAs('token-of-session-one-aaaaaaaaaaaa');
    keepPage('medicine-first', page('Napa 500'));
    session.clear();
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();

    signInAs('token-of-session-one-aaaaaaaaaaaa');
    keepPage('medicine-first', page('Napa 500'));
    signInAs('token-of-session-two-bbbbbbbbbbbb');
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();

    keepPage('medicine-first', page('Napa 500'));
    expect(storedPage('medicine-first')).toBeDefined();
    lockNow();
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();
    // The open list refreshing behind the lock screen keeps nothing (App's mayKeep).
    const early = withEarlyList(answering('Napa 500').dataProvider, { mayKeep: () => false });
    await early.dataProvider.getList('medicine', firstPage);
    expect(localStorage.getItem(STORED_PAGES_KEY)).toBeNull();
  });

  it('an early page is kept too, and a list asking while it is on its way gets it without a second call', async () => {
    signInAs('token-of-session-one-aaaaaaaaaaaa');
    const provider = answering('Omeprazole');
    const early = withEarlyList(provider.dataProvider);
    const asked = early.askEarly('medicine', firstPage);
    expect(await early.dataProvider.getList('medicine', firstPage)).toEqual(page('Omeprazole'));
    await asked;
    expect(provider.calls()).toBe(1);
    expect(early.stored('medicine', firstPage)?.page).toEqual(page('Omeprazole'));
  });
});
