import type { DataProvider, GetListParams, GetListResult } from 'react-admin';

/**
 * How long an early page's answer may serve the list's own first call once it has arrived. The
 * list asks as it first renders, well within this on a cold load even on a slow machine; a page
 * answered longer ago (the list was not opened at once after all) is not handed out: that call
 * asks the server itself.
 */
export const EARLY_PAGE_FRESH_MS = 10_000;

/** A list page asked for before react-admin's list asked, kept until that list asks for it. */
interface EarlyPage {
  answer: Promise<GetListResult>;
  /** When the answer arrived (Infinity while it is on its way). */
  answeredAt: number;
  /** The answer once it has arrived. */
  page?: GetListResult;
}

/** What tells one getList call from another: the resource and the page, order and filter asked. */
function callKey(resource: string, { pagination, sort, filter }: GetListParams): string {
  return JSON.stringify([resource, pagination?.page, pagination?.perPage, sort?.field, sort?.order, filter ?? {}]);
}

export interface EarlyListDataProvider {
  /** The dataProvider to hand to react-admin: its getList answers a matching call from an early page, once. */
  dataProvider: DataProvider;
  /**
   * Asks for a list page now, before react-admin's list asks for it. The list's first getList with
   * the same resource and parameters gets this answer instead of asking the server again (only
   * once, and only while it is fresh: see EARLY_PAGE_FRESH_MS). The returned promise is the page's.
   */
  askEarly: (resource: string, params: GetListParams) => Promise<GetListResult>;
  /**
   * The early page for these parameters if it has arrived and is still fresh, with when it arrived:
   * the list can start from it (react-query's initialData) instead of calling getList at all.
   */
  arrived: (resource: string, params: GetListParams) => { page: GetListResult; answeredAt: number } | undefined;
}

/**
 * Wraps `dataProvider` so that a list page asked for at start-up (src/screens/firstPage.ts) answers
 * the list's own first call: the page's request leaves with the session check instead of after the
 * layout has rendered. react-admin sees an ordinary dataProvider; its cache is never written here.
 */
export function withEarlyList(dataProvider: DataProvider): EarlyListDataProvider {
  const early = new Map<string, EarlyPage>();
  return {
    dataProvider: {
      ...dataProvider,
      getList: (resource, params) => {
        const key = callKey(resource, params);
        const kept = params.meta === undefined ? early.get(key) : undefined;
        early.delete(key);
        if (kept && Date.now() - kept.answeredAt < EARLY_PAGE_FRESH_MS) return kept.answer;
        return dataProvider.getList(resource, params);
      },
    },
    askEarly: (resource, params) => {
      const key = callKey(resource, params);
      const page: EarlyPage = { answer: dataProvider.getList(resource, params), answeredAt: Infinity };
      early.set(key, page);
      page.answer.then(
        (answer) => {
          page.page = answer;
          page.answeredAt = Date.now();
        },
        // A failed page is not handed out: the list asks again and shows its own error.
        () => {
          if (early.get(key) === page) early.delete(key);
        },
      );
      return page.answer;
    },
    arrived: (resource, params) => {
      const kept = early.get(callKey(resource, params));
      return kept?.page && Date.now() - kept.answeredAt < EARLY_PAGE_FRESH_MS
        ? { page: kept.page, answeredAt: kept.answeredAt }
        : undefined;
    },
  };
}
