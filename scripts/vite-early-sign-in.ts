import type { Plugin } from 'vite';
import { en } from '../i18n/en';
import { bn } from '../i18n/bn';
import { es } from '../i18n/es';
import { my } from '../i18n/my';
import { LANGUAGES, type Language } from '../i18n/languages';

/** The texts of the early form, from each language's catalogue (never typed here). */
type Text = 'title' | 'username' | 'password' | 'remember' | 'forgot' | 'submit' | 'processing';
interface SignInTexts {
  app: { processing: string; sign_in: Record<Exclude<Text, 'processing'>, string> };
}
const CATALOGUES: Record<Language, SignInTexts> = { en, bn, es, my };
const textOf = (language: Language, key: Text): string => {
  const app = CATALOGUES[language].app;
  return key === 'processing' ? app.processing : app.sign_in[key];
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** One text in every language; CSS shows the one of `<html data-early-sign-in>` (set by public/session-boot.js). */
const text = (key: Text) => LANGUAGES.map((l) => `<span data-l="${l}" lang="${l}">${escape(textOf(l, key))}</span>`).join('');

/**
 * The page-level CSS of the early form: hidden unless public/session-boot.js marked the page signed
 * out; laid out like src/pages/LoginPage.tsx's card so the hand-over does not jump. Colours of
 * src/layout/theme.ts (light and dark page backgrounds).
 */
const CSS = `
#early-sign-in-page{display:none}
html[data-early-sign-in] #early-sign-in-page{display:flex;position:fixed;inset:0;z-index:2000;align-items:center;justify-content:center;background:#fafafb;color:rgba(0,0,0,.87)}
html[data-theme='dark'][data-early-sign-in] #early-sign-in-page{background:#121212;color:#fff}
#early-sign-in{box-sizing:border-box;width:380px;max-width:95vw;padding:16px;border-radius:4px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px rgba(0,0,0,.14),0 1px 3px rgba(0,0,0,.12)}
html[data-theme='dark'] #early-sign-in{background:#1e1e1e}
#early-sign-in h1{font-size:1.5rem;font-weight:400;margin:0 0 16px}
#early-sign-in label.field{display:block;font-size:.85rem;margin:8px 0 4px}
#early-sign-in input.field{box-sizing:border-box;width:100%;height:48px;padding:0 12px;font:inherit;font-size:1rem;border:1px solid rgba(0,0,0,.42);border-radius:4px;background:transparent;color:inherit}
#early-sign-in .row{display:flex;align-items:center;justify-content:space-between;margin:8px 0;font-size:.9rem}
#early-sign-in a{color:#1976d2}
#early-sign-in button{width:100%;height:40px;margin-top:8px;border:0;border-radius:4px;background:#1976d2;color:#fff;font:inherit;font-weight:500;text-transform:uppercase}
#early-sign-in [data-l],#early-sign-in[data-pending] .submit,#early-sign-in .processing{display:none}
#early-sign-in[data-pending] .processing{display:inline}
${LANGUAGES.map((l) => `html[data-early-sign-in='${l}'] #early-sign-in [data-l='${l}']`).join(',')}{display:inline}
`.trim();

/** The form: the same field names as the console's sign-in page (username, password), which takes it over. */
const FORM = `<div id="early-sign-in-page">
      <form id="early-sign-in" method="post" action="/login" novalidate>
        <h1>${text('title')}</h1>
        <label class="field" for="early-username">${text('username')}</label>
        <input class="field" id="early-username" name="username" autocomplete="username" autofocus />
        <label class="field" for="early-password">${text('password')}</label>
        <input class="field" id="early-password" name="password" type="password" autocomplete="current-password" />
        <div class="row">
          <label><input type="checkbox" name="remember" /> ${text('remember')}</label>
          <a href="/forgot-password">${text('forgot')}</a>
        </div>
        <button type="submit"><span class="submit">${text('submit')}</span><span class="processing">${text('processing')}</span></button>
      </form>
    </div>`;

/**
 * Writes the sign-in form into index.html (`<div id="early-sign-in-page">` before the console's
 * root), shown by public/session-boot.js to a signed-out visitor before the console's script has
 * arrived, and taken over by src/pages/LoginPage.tsx (bench/PHONE.md: a slow phone waited 3.5 s for
 * a form it could type in).
 */
export function earlySignIn(): Plugin {
  return {
    name: 'early-sign-in',
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html must contain <div id="root"></div>');
      return html
        .replace('</head>', `  <style>${CSS}</style>\n  </head>`)
        .replace('<div id="root"></div>', `${FORM}\n    <div id="root"></div>`);
    },
  };
}
