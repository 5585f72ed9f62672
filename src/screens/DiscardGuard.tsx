import { useCallback, useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Confirm } from 'react-admin';

/** Inside a form: tells the dialog around it whether it holds changes not yet saved. */
export function DirtyWatch({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => {
    onDirty(isDirty);
  }, [isDirty, onDirty]);
  return null;
}

/**
 * A form dialog's way out that asks first when the form holds unsaved changes (without it, Escape
 * or a click outside threw a half-filled form away): `requestClose` for the dialog's onClose and
 * its Cancel, `onDirty` for the form's DirtyWatch, and `question` to render in the dialog.
 * An untouched form closes at once.
 */
export function useDiscardGuard(onClose: () => void) {
  // Whether the form holds changes: also read by what renders differently once the user has changed something.
  const [changed, setChanged] = useState(false);
  const onDirty = useCallback((d: boolean) => setChanged(d), []);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (changed) setAsking(true);
    else onClose();
  };
  const question = (
    <Confirm
      isOpen={asking}
      title="shell.form.discard_title"
      content="shell.form.discard_body"
      confirm="shell.form.discard"
      cancel="shell.form.keep_editing"
      confirmColor="warning"
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    />
  );
  return { requestClose, onDirty, question, changed };
}
