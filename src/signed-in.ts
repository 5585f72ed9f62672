/**
 * Everything the first signed-in screen shows beyond the sign-in page, as one dynamic import:
 * the layout, the generated list screen and the app bar items the modules contribute. Loaded
 * separately they made ~35 small shared chunks that queued on HTTP/1.1's six connections and
 * gzipped worse (issue 14, bench/FIRST-VISIT.md), so App.tsx and the modules' index files load
 * these parts from here, and Rollup makes one chunk of what only they use.
 */
export { AppLayout } from './layout/AppLayout';
export { ResourceList } from './screens/ResourceList';
export { ThemeToggle } from './modules/shell/ThemeToggle';
export { SearchButton } from './modules/shell/search/SearchButton';
export { NotificationBell } from './modules/notifications/NotificationBell';
export { RecordPushes } from './modules/notifications/RecordPushes';
