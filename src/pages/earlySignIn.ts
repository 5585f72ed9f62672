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

/** What the early form holds (undefined when it was not shown or is gone); dropEarlySignIn removes it. */
export function readEarlySignIn(): EarlySignIn | undefined {
  const form = document.getElementById(FORM_ID);
  if (!document.documentElement.hasAttribute('data-early-sign-in') || !(form instanceof HTMLFormElement)) return undefined;
  const input = (name: string) => {
    const found = form.elements.namedItem(name);
    return found instanceof HTMLInputElement ? found : undefined;
  };
  const active = document.activeElement;
  return {
    username: input('username')?.value ?? '',
    password: input('password')?.value ?? '',
    remember: input('remember')?.checked ?? false,
    submitted: form.hasAttribute('data-pending'),
    focused: active === input('username') ? 'username' : active === input('password') ? 'password' : undefined,
  };
}

/** Removes the early form (and its mark on <html>): the console's own sign-in page is drawn. */
export function dropEarlySignIn(): void {
  document.documentElement.removeAttribute('data-early-sign-in');
  document.getElementById(PAGE_ID)?.remove();
}
