import type { ReactElement } from 'react';
import { useListContext } from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import { bulkActionsOf, type BulkAction } from '../../resources/bulk';
import { lazyComponent } from '../lazy';

/** The buttons' code (dialogs, the request) loads the first time a row is selected. */
const BulkActionButton = lazyComponent(() => import('./BulkActionButton').then((m) => m.BulkActionButton), null);

/**
 * The bulk buttons a list offers the user, for DataTable's `bulkActionButtons`: activate and
 * deactivate with the update permission (resources with a status), delete with the delete
 * permission; false (no row selection) when none. The server checks every row again.
 */
export function bulkButtonsFor(d: ResourceDescriptor, canEdit: boolean, canDelete: boolean): ReactElement | false {
  const actions = bulkActionsOf(d).filter((a) => (a === 'delete' ? canDelete : canEdit));
  if (!actions.length) return false;
  return <BulkButtons descriptor={d} actions={actions} />;
}

/** Nothing until a row is selected: react-admin keeps its bulk toolbar in the page, collapsed. */
function BulkButtons({ descriptor, actions }: { descriptor: ResourceDescriptor; actions: readonly BulkAction[] }) {
  const { selectedIds } = useListContext();
  if (!selectedIds.length) return null;
  return (
    <>
      {actions.map((action) => (
        <BulkActionButton key={action} descriptor={descriptor} action={action} />
      ))}
    </>
  );
}
