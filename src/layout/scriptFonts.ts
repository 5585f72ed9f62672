import type { ThemeOptions } from '@mui/material/styles';

/**
 * Bengali and Burmese are drawn with fonts the console serves itself (Noto Sans, from
 * @fontsource, bundled by Vite): a computer without such a font showed boxes. Each language's
 * font (fonts/{language}.css: its script's subset in the weights the screens use) is fetched only
 * once that language is chosen, so the first visit does not carry it.
 */
const SCRIPT_FONTS: Partial<Record<string, { family: string; load: () => Promise<unknown> }>> = {
  bn: { family: "'Noto Sans Bengali'", load: () => import('./fonts/bn.css') },
  my: { family: "'Noto Sans Myanmar'", load: () => import('./fonts/my.css') },
};

/** MUI's own font stack, which react-admin's themes keep. */
const MUI_FONTS = 'Roboto,Helvetica,Arial,sans-serif';

/**
 * The language's script font first in the theme's font stack (its files hold that script's
 * glyphs only, so Latin letters and digits still come from the fonts after it).
 */
export function withScriptFont(options: ThemeOptions, language: string): ThemeOptions {
  const font = SCRIPT_FONTS[language];
  if (!font) return options;
  const typography = typeof options.typography === 'object' ? options.typography : {};
  return { ...options, typography: { ...typography, fontFamily: `${font.family},${typography.fontFamily ?? MUI_FONTS}` } };
}

/** Adds the language's @font-face rules to the page (once; the browser then fetches what it draws). */
export function loadScriptFont(language: string): void {
  void SCRIPT_FONTS[language]?.load().catch(() => undefined);
}
