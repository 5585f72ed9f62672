import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import { Button, useListContext, useLocaleState, useNotify, useStore, useTranslate } from 'react-admin';
import { localTimeZone, withFields, type Field, type ResourceDescriptor } from '../../../resources';
import { exportPath, visibleColumns, type SpreadsheetFormat } from '../../../resources/spreadsheets';
import { authorisedFetch, fileNameOf, refusal, save } from './transfer';
import { shownFields, useFieldRules } from '../../screens/field-rules';

/** The list's query as the list route reads it: its filter, search, sort and visible columns. */
function useExportQuery(d: ResourceDescriptor) {
  const { filterValues, sort } = useListContext() as {
    filterValues: Record<string, string | number | undefined>;
    sort: { field: string; order: string };
  };
  const [hidden] = useStore<string[]>(`${d.name}.datatable`, []);
  // The list's columns: none hidden from the user by their field rules (the server refuses them by
  // name), and the column order counted as the table counts it, without them.
  const rules = useFieldRules(d.name);
  const shown = rules.hidden.size ? withFields(d, shownFields<Field>(d.fields, rules)) : d;
  const [ranks] = useStore<number[] | null>(`${d.name}.datatable_columnRanks`, null);
  const [locale] = useLocaleState();
  return (format: SpreadsheetFormat) => {
    // Dates with a time are written in the zone the console shows them in: the browser's.
    const params = new URLSearchParams({ format, lang: locale, tz: localTimeZone() });
    const { q, status, ...rest } = filterValues;
    if (typeof q === 'string' && q !== '') params.set('search', q);
    params.set('status', status === undefined || status === '' ? 'all' : String(status));
    for (const [name, value] of Object.entries(rest)) if (value !== undefined && value !== '') params.set(name, String(value));
    if (sort.field) params.set('sort', sort.field === 'id' ? d.idField : sort.field);
    params.set('order', sort.order);
    params.set(
      'columns',
      visibleColumns(shown, hidden, ranks)
        .map((f) => f.name)
        .join(','),
    );
    return `${exportPath(d)}?${params.toString()}`;
  };
}

const MB = 1024 * 1024;

interface Props {
  descriptor: ResourceDescriptor;
  /** The Export button the menu opens from (null: closed). */
  anchor: HTMLElement | null;
  onClose: () => void;
  /** Tells the button that an export is under way (it is disabled until it ends). */
  onBusy: (busy: boolean) => void;
}

/**
 * What the list's Export button opens (SpreadsheetButtons), loaded when it first does: the
 * format's menu, then the export: the server streams the file; a notice shows how much has arrived
 * and can cancel. The file is put together in the browser only as it arrives (no row limit here:
 * the server has none).
 */
export function ExportMenu({ descriptor, anchor, onClose, onBusy }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const query = useExportQuery(descriptor);
  const [progress, setProgress] = useState<{ rows: string; bytes: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function run(format: SpreadsheetFormat) {
    onClose();
    const controller = new AbortController();
    abort.current = controller;
    onBusy(true);
    setProgress({ rows: '…', bytes: 0 });
    try {
      const response = await authorisedFetch(query(format), { signal: controller.signal });
      if (!response.ok || !response.body) {
        notify((await refusal(response)).message, { type: 'error' });
        return;
      }
      const rows = response.headers.get('x-export-rows') ?? '…';
      const reader = response.body.getReader();
      const parts: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.length;
        setProgress({ rows, bytes });
      }
      save(
        new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' }),
        fileNameOf(response, `${descriptor.name}.${format}`),
      );
      notify('spreadsheets.export_done', { type: 'success' });
    } catch {
      notify(controller.signal.aborted ? 'spreadsheets.export_cancelled' : 'spreadsheets.export_failed', {
        type: controller.signal.aborted ? 'info' : 'error',
      });
    } finally {
      abort.current = null;
      setProgress(null);
      onBusy(false);
    }
  }

  return (
    <>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        <MenuItem onClick={() => void run('csv')}>{translate('spreadsheets.export_csv')}</MenuItem>
        <MenuItem onClick={() => void run('xlsx')}>{translate('spreadsheets.export_xlsx')}</MenuItem>
      </Menu>
      <Snackbar
        open={progress !== null}
        message={
          <Box sx={{ minWidth: 260 }} role="status">
            {translate('spreadsheets.exporting', { rows: progress?.rows ?? '', size: `${((progress?.bytes ?? 0) / MB).toFixed(1)} MB` })}
            <LinearProgress sx={{ mt: 1 }} />
          </Box>
        }
        action={<Button label="spreadsheets.cancel" onClick={() => abort.current?.abort()} />}
      />
    </>
  );
}
