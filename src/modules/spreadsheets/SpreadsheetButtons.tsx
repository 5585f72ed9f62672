import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import { Button, useCanAccess } from 'react-admin';
import type { ResourceDescriptor } from '../../../resources';
import { exportable, exportSlug, importable, importSlug } from '../../../resources/spreadsheets';
import { lazyComponent, withToolMessages } from '../../lazy';
import { useWriteRefusal, WithRefusal } from '../../screens/refusals';

// What the buttons open loads, with the spreadsheet tools' English words, when the user reaches for
// one (pointer over it, focus, or a click): a list shows only the buttons.
const ExportMenu = lazyComponent(
  withToolMessages('spreadsheets', () => import('./ExportMenu').then((m) => m.ExportMenu)),
  null,
);
const ImportDialog = lazyComponent(
  withToolMessages('spreadsheets', () => import('./ImportDialog').then((m) => m.ImportDialog)),
  null,
);

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

/** Export: a menu of formats, then the file streamed with its progress (ExportMenu). */
function ExportButton({ descriptor }: { descriptor: ResourceDescriptor }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const preload = () => void ExportMenu.preload();
  return (
    <>
      <Button
        label="spreadsheets.export"
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        disabled={busy}
        aria-haspopup="menu"
      >
        <DownloadIcon />
      </Button>
      {/* Kept once opened: an export under way outlives its menu. */}
      {opened && <ExportMenu descriptor={descriptor} anchor={anchor} onClose={() => setAnchor(null)} onBusy={setBusy} />}
    </>
  );
}

/** Import: a dialog of its own (ImportDialog). */
function ImportButton({ descriptor }: { descriptor: ResourceDescriptor }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const preload = () => void ImportDialog.preload();
  // An import writes: off while viewing as another user.
  const refusal = useWriteRefusal();
  return (
    <>
      <WithRefusal reason={refusal}>
        <Button
          label="spreadsheets.import"
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
          onPointerEnter={preload}
          onFocus={preload}
          disabled={!!refusal}
        >
          <UploadIcon />
        </Button>
      </WithRefusal>
      {/* Kept once opened, so that the dialog closes as it opened (MUI's transition). */}
      {opened && <ImportDialog descriptor={descriptor} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
