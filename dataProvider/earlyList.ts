import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { keepPage, storedPage } from './storedPages';

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

/** The most rows a list screen shows on a page (its page-size choices); bigger pages are a form's choices. */
const MAX_SCREEN_PAGE = 100;

/**
 * A list screen's first page with no filter: the page a list opens on, which is kept in the
 * browser (storedPages.ts). A form's choices (a thousand rows at once) are not.
 */
function isKeptPage({ pagination, filter, meta }: GetListParams): boolean {
  return (
    pagination?.page === 1 &&
    pagination.perPage <= MAX_SCREEN_PAGE &&
    Object.keys((filter as object | undefined) ?? {}).length === 0 &&
    meta === undefined
  );
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
  /**
   * The page this session was last answered for these parameters, kept in the browser
   * (storedPages.ts), with when: a returning user's list shows it while it asks the server again.
   */
  stored: (resource: string, params: GetListParams) => { page: GetListResult; savedAt: number } | undefined;
}

export interface EarlyListOptions {
  /** Whether a first page answered now may be kept in the browser (not while the console is locked). */
  mayKeep?: () => boolean;
}

/**
 * Wraps `dataProvider` so that a list page asked for at start-up (src/screens/firstPage.ts) answers
 * the list's own first call: the page's request leaves with the session check instead of after the
 * layout has rendered. react-admin sees an ordinary dataProvider; its cache is never written here.
 */
export function withEarlyList(dataProvider: DataProvider, { mayKeep = () => true }: EarlyListOptions = {}): EarlyListDataProvider {
  const early = new Map<string, EarlyPage>();
  /** The server's answer to a getList call; a first page is kept in the browser as it arrives. */
  const ask = (resource: string, params: GetListParams): Promise<GetListResult> => {
    const answer = dataProvider.getList(resource, params);
    if (!isKeptPage(params)) return answer;
    const key = callKey(resource, params);
    return answer.then((page) => {
      if (mayKeep()) keepPage(key, page);
      return page;
    });
  };
  return {
    dataProvider: {
      ...dataProvider,
      getList: (resource, params) => {
        const key = callKey(resource, params);
        const kept = params.meta === undefined ? early.get(key) : undefined;
        early.delete(key);
        if (kept && Date.now() - kept.answeredAt < EARLY_PAGE_FRESH_MS) return kept.answer;
        return ask(resource, params);
      },
    },
    askEarly: (resource, params) => {
      const key = callKey(resource, params);
      const page: EarlyPage = { answer: ask(resource, params), answeredAt: Infinity };
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
    stored: (resource, params) => (isKeptPage(params) ? storedPage(callKey(resource, params)) : undefined),
  };
}
