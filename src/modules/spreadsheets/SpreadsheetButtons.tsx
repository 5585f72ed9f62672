import { useCanAccess } from 'react-admin';
import type { ResourceDescriptor } from '../../../resources';
import { exportable, exportSlug, importable, importSlug } from '../../../resources/spreadsheets';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';

/** A list's Export and Import buttons, for holders of the resource's export and import permissions. */
export function SpreadsheetButtons({ descriptor }: { descriptor: ResourceDescriptor }) {
  const exporting = useCanAccess({ resource: exportSlug(descriptor), action: 'list' });
  const importing = useCanAccess({ resource: importSlug(descriptor), action: 'list' });
  return (
    <>
      {exportable(descriptor) && exporting.canAccess && <ExportButton descriptor={descriptor} />}
      {importable(descriptor) && importing.canAccess && <ImportButton descriptor={descriptor} />}
    </>
  );
}
