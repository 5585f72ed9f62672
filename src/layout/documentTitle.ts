import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** The browser tab's title for a screen: "Medicines · Hospital Console", or the console's name alone. */
export function documentTitle(page: string | undefined | null, appName: string): string {
  const name = page?.trim();
  return name && name !== appName ? `${name} · ${appName}` : appName;
}

/**
 * Keeps the browser tab's title on the app bar's, which every screen sets through react-admin's
 * <Title> (the page header does it for generated screens), in the current language. Called by the
 * app bar, whose title element (TitlePortal's `react-admin-title`) is there once it has rendered.
 */
export function useDocumentTitleFromAppBar() {
  const appName = useTranslate()('app.title');
  useEffect(() => {
    const bar = document.getElementById('react-admin-title');
    const update = () => {
      document.title = documentTitle(bar?.textContent, appName);
    };
    update();
    if (!bar) return;
    const observer = new MutationObserver(update);
    observer.observe(bar, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      // Screens outside the layout (sign-in) carry the console's name alone.
      document.title = appName;
    };
  }, [appName]);
}
