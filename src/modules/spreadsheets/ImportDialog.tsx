import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Button, useLocaleState, useRefresh, useTranslate } from 'react-admin';
import type { ResourceDescriptor } from '../../../resources';
import {
  importErrorsPath,
  importPath,
  importTemplatePath,
  UNDO_IMPORT_PATH,
  type ImportAnswer,
  type ImportMode,
  type SpreadsheetFormat,
  type UndoAnswer,
} from '../../../resources/spreadsheets';
import { authorisedFetch, fileNameOf, refusal, save } from './transfer';

const STATES = ['new', 'update', 'unchanged', 'error'] as const;

/**
 * What the list's Import button opens (SpreadsheetButtons), loaded when it first does: a template
 * to download, a file to check (the server's dry run, row by row), then a commit of every row or
 * only the valid ones, the error file, and undo of the batch written.
 */
export function ImportDialog({ descriptor, open, onClose }: { descriptor: ResourceDescriptor; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [undone, setUndone] = useState<UndoAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = `lang=${encodeURIComponent(locale)}`;

  const reset = () => {
    setFile(null);
    setAnswer(null);
    setUndone(null);
    setError(null);
  };

  async function call<T>(path: string, init: RequestInit, onOk: (r: Response) => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      const response = await authorisedFetch(path, init);
      if (!response.ok) {
        const { message, data } = await refusal(response);
        setError(message);
        if (data && typeof data === 'object' && 'counts' in data) setAnswer(data as ImportAnswer);
        return undefined;
      }
      return await onOk(response);
    } finally {
      setBusy(false);
    }
  }

  const send = (): RequestInit => ({
    method: 'POST',
    body: file,
    headers: { 'content-type': file && file.type !== '' ? file.type : 'application/octet-stream' },
  });

  const template = (format: SpreadsheetFormat) =>
    call(`${importTemplatePath(descriptor)}?format=${format}&${lang}`, {}, async (r) =>
      save(await r.blob(), fileNameOf(r, `${descriptor.name}-template.${format}`)),
    );

  const check = (mode: ImportMode) =>
    call(`${importPath(descriptor)}?mode=${mode}&${lang}&file=${encodeURIComponent(file?.name ?? '')}`, send(), async (r) => {
      const json = (await r.json()) as { data: ImportAnswer };
      setAnswer(json.data);
      if (mode !== 'dry-run') refresh();
    });

  const errorFile = () =>
    call(`${importErrorsPath(descriptor)}?${lang}`, send(), async (r) =>
      save(await r.blob(), fileNameOf(r, `${descriptor.name}-errors.csv`)),
    );

  const undo = (batch: number) =>
    call(`${UNDO_IMPORT_PATH}/${batch}?${lang}`, { method: 'POST' }, async (r) => {
      setUndone(((await r.json()) as { data: UndoAnswer }).data);
      refresh();
    });

  const committed = answer?.batch !== undefined;
  const batch = answer?.batch ?? 0;
  return (
    <>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          reset();
        }}
        maxWidth="md"
        fullWidth
      >
        <DialogTitle>
          {translate('spreadsheets.import_title', { name: translate(`resources.${descriptor.name}.name`, { smart_count: 2 }) })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Stack direction="row" spacing={1}>
              <Button label="spreadsheets.template_csv" onClick={() => void template('csv')} />
              <Button label="spreadsheets.template_xlsx" onClick={() => void template('xlsx')} />
            </Stack>
            {/* The browser's own file input speaks the browser's language ("Choose File"), not the console's. */}
            <Stack direction="row" spacing={1} alignItems="center">
              <MuiButton variant="outlined" component="label" startIcon={<UploadFile />}>
                {translate('spreadsheets.choose_file')}
                <input
                  hidden
                  type="file"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  aria-label={translate('spreadsheets.choose_file')}
                  onChange={(e) => {
                    reset();
                    setFile(e.target.files?.[0] ?? null);
                  }}
                />
              </MuiButton>
              <Typography variant="body2" data-testid="chosen-file">
                {file ? file.name : translate('spreadsheets.no_file')}
              </Typography>
            </Stack>
            <Alert severity="info">{translate('spreadsheets.no_pictures')}</Alert>
            {error && <Alert severity="error">{error}</Alert>}
            {answer && (
              <>
                <Stack direction="row" spacing={2} role="status" aria-label={translate('spreadsheets.state')}>
                  {STATES.map((s) => (
                    <span key={s} data-state={s}>
                      {translate(`spreadsheets.states.${s}`)}: {answer.counts[s]}
                    </span>
                  ))}
                </Stack>
                {committed && <Alert severity="success">{translate('spreadsheets.imported', { count: answer.written ?? 0 })}</Alert>}
                {undone && (
                  <Alert severity={undone.refused.length ? 'warning' : 'success'}>
                    {translate('spreadsheets.undone', { count: undone.undone })}
                    {undone.refused.length ? ` ${translate('spreadsheets.undo_refused', { count: undone.refused.length })}` : ''}
                  </Alert>
                )}
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('spreadsheets.line')}</TableCell>
                      <TableCell>{translate('spreadsheets.key')}</TableCell>
                      <TableCell>{translate('spreadsheets.state')}</TableCell>
                      <TableCell>{translate('spreadsheets.problems')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {answer.rows.map((r) => (
                      <TableRow key={r.line} data-state={r.state}>
                        <TableCell>{r.line}</TableCell>
                        <TableCell>{r.key}</TableCell>
                        <TableCell>{translate(`spreadsheets.states.${r.state}`)}</TableCell>
                        <TableCell>
                          {Object.entries(r.errors ?? {})
                            .map(([name, m]) => `${translate(`resources.${descriptor.name}.fields.${name}`, { _: name })}: ${m}`)
                            .join('; ')}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {answer.truncated && <Alert severity="info">{translate('spreadsheets.more_rows')}</Alert>}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button label="spreadsheets.check" disabled={!file || busy || committed} onClick={() => void check('dry-run')} />
          <Button
            label="spreadsheets.commit_all"
            disabled={!answer || busy || committed || answer.counts.error > 0}
            onClick={() => void check('all')}
          />
          <Button label="spreadsheets.commit_valid" disabled={!answer || busy || committed} onClick={() => void check('valid')} />
          <Button
            label="spreadsheets.error_file"
            disabled={!answer || busy || answer.counts.error === 0}
            onClick={() => void errorFile()}
          />
          {answer?.batch !== undefined && (
            <Button label="spreadsheets.undo" disabled={busy || undone !== null} onClick={() => void undo(batch)} />
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
