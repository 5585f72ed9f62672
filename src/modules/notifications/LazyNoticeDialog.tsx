import { lazyComponent } from '../../lazy';

/**
 * The notice modal, fetched with its HTML sanitiser (DOMPurify) the first time a notice is opened:
 * the bell sits on every screen, and a first visit need not download what only a click shows.
 * Render it only with a notice.
 */
export const LazyNoticeDialog = lazyComponent(async () => (await import('./NoticeDialog')).NoticeDialog, null);
