import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/** Ctrl+S, or Cmd+S on a Mac, without other modifiers. */
const isSaveKey = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';

/**
 * Ctrl+S (Cmd+S) saves the form it sits in, as its Save button would (validation first), instead
 * of the browser's "save page". Only the form of the topmost dialog listens when a dialog is
 * open, so a list's dialog saves rather than a page form behind it. A form without Save (no
 * permission) or already saving only keeps the browser's dialog away.
 */
export function SaveShortcut({ enabled }: { enabled: boolean }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const { isSubmitting } = useFormState();
  const mayWork = enabled && !isSubmitting;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSaveKey(e)) return;
      const form = anchor.current?.closest('form');
      if (!form) return;
      const dialogs = document.querySelectorAll('[role="dialog"]');
      const top = dialogs[dialogs.length - 1];
      if (top && !top.contains(form)) return;
      e.preventDefault();
      if (mayWork) form.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mayWork]);
  return <span ref={anchor} hidden />;
}
