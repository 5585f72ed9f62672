/**
 * The sign-in form index.html carries for a signed-out visitor (scripts/vite-early-sign-in.ts,
 * shown by public/session-boot.js before the console's script has arrived): what was typed in it,
 * and whether it was submitted, for the console's own sign-in page to take over.
 */
export interface EarlySignIn {
  username: string;
  password: string;
  remember: boolean;
  /** Submitted (Enter or the button) before the console was ready: to be signed in at once. */
  submitted: boolean;
  /** The field that had the focus, to give it to the console's own. */
  focused: 'username' | 'password' | undefined;
}

const PAGE_ID = 'early-sign-in-page';
const FORM_ID = 'early-sign-in';

/** What the early form holds, and removes it (and its mark on <html>); undefined once taken or when never shown. */
export function takeEarlySignIn(): EarlySignIn | undefined {
  const shown = document.documentElement.hasAttribute('data-early-sign-in');
  const form = document.getElementById(FORM_ID);
  if (!shown || !(form instanceof HTMLFormElement)) {
    dropEarlySignIn();
    return undefined;
  }
  const input = (name: string) => {
    const found = form.elements.namedItem(name);
    return found instanceof HTMLInputElement ? found : undefined;
  };
  // Read before the form leaves the page (the focus leaves with it).
  const active = document.activeElement;
  const taken: EarlySignIn = {
    username: input('username')?.value ?? '',
    password: input('password')?.value ?? '',
    remember: input('remember')?.checked ?? false,
    submitted: form.hasAttribute('data-pending'),
    focused: active === input('username') ? 'username' : active === input('password') ? 'password' : undefined,
  };
  dropEarlySignIn();
  return taken;
}

/** Removes the early form without taking anything: a signed-out page other than the sign-in page is drawn. */
export function dropEarlySignIn(): void {
  document.documentElement.removeAttribute('data-early-sign-in');
  document.getElementById(PAGE_ID)?.remove();
}
