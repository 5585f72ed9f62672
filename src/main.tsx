import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, createConsole, prefetchSignedInScreens } from './App';
import { registry } from '../resources';
import { session } from '../authProvider/storage';
import { storedDirectionReady } from './modules/i18n/DirectionProvider';
import { prepareFormats } from '../i18n/format';
import { readPreference } from './preferences';
import { firstRenderReady } from './startup';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
// Path-based routes (/branch/branch-list, /pharmacy/medicine-list): react-admin would otherwise
// use a hash router; the server answers every screen path with index.html.
// Without transitions: with them a location change renders in the background and, on a busy
// machine, the URL ran ahead of what was on screen for seconds; react-admin's list then synced
// its filters into the URL from the location it still rendered (/medicine/5 with no query), and so
// reopened the edit dialog the user had just saved and closed. Each lazy screen has its own
// Suspense fallback, so a sync navigation shows that instead of keeping the old screen.
// A returning user's first render waits for the signed-in shell's code (already downloading,
// preloaded by public/session-boot.js): rendered before it, the layout suspended, and React
// held the revealed layout and list back for up to 300 ms after that fallback showed.
// prefetchSignedInScreens never rejects: a failed chunk is fetched again as the layout renders.
const shell = session.token() ? prefetchSignedInScreens() : undefined;
// The providers are made now, so the server's session check and a list's first page (for a
// returning user opening a list) are asked for while the shell's code is still arriving; the first
// render waits a little for that page (firstRenderReady), so the rows are in its first commit.
const started = createConsole({ registry, location: window.location });
// Meanwhile the list's number and date formatters are built (the locale's data loads once, ~40 ms).
if (shell) prepareFormats(readPreference('language'));
// Right-to-left stored: its style plugin arrives before the first render (no left-to-right flash).
void Promise.all([storedDirectionReady(), firstRenderReady({ shell, firstPage: started.firstPage })]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter useTransitions={false}>
        <App started={started} />
      </BrowserRouter>
    </StrictMode>,
  ),
);
