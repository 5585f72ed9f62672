import { type ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { currentView } from '../modules/explain/viewAsSession';
import { useScreenExtension } from './extensions';

/**
 * Why a write is off before it is tried, in the user's language, or undefined: a view as another
 * user is read only (the server refuses every write of its session), so no Save, New, Delete or
 * bulk action is offered live while it lasts.
 */
export function useWriteRefusal(): string | undefined {
  const translate = useTranslate();
  return currentView() ? translate('shell.refused.view_as') : undefined;
}

const noRefusals = (): undefined => undefined;

/**
 * Why the row's record may not be deleted, or undefined: a view as another user, or what the
 * resource's module knows the server always refuses (the Super Admin group).
 */
export function useDeleteRefusal(): string | undefined {
  const translate = useTranslate();
  const record = useRecordContext();
  const write = useWriteRefusal();
  const refusals = (useScreenExtension(useResourceContext() ?? '').useRowRefusals ?? noRefusals)();
  const key = record ? refusals?.(record.id)?.delete : undefined;
  return write ?? (key ? translate(key) : undefined);
}

/**
 * A button that is off, with why on hover and keyboard focus: a disabled button takes neither,
 * so the reason is on a focusable wrapper around it. Without a reason, the button as it is.
 */
export function WithRefusal({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      <span tabIndex={0} data-refused={reason} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
