import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { uploadUrl } from '../../config';
import { useToolMessages } from '../../lazy';
import { useFormat } from '../../modules/i18n/useFormat';
import type { ChangedBy } from '../../../dataProvider/versions';
import { defaultChoice, differing, merge, picturesOf, type Choice, type ConflictField } from './fieldValues';

type Values = Record<string, unknown>;

/** What the dialog is about: a refused save, a change seen live, or a delete of a changed record. */
export type ConflictMode = 'save' | 'review' | 'delete';

export interface ConflictState {
  mode: ConflictMode;
  /** The record as this user read it: the values both sides started from. */
  base: Values;
  /** What this user has in the form now (for a delete: unused). */
  yours: Values;
  /** The record as it is stored now; undefined when it was deleted. */
  theirs?: Values;
  changedBy?: ChangedBy;
  changedAt?: string;
}

interface Props {
  state: ConflictState;
  fields: readonly ConflictField[];
  busy?: boolean;
  /** Save (or, reviewing, take into the form) your values with theirs where chosen. */
  onResolve: (merged: Values, theirs: Values) => void;
  /** Put their record in the form, dropping yours. */
  onReload: (theirs: Values) => void;
  /** For a delete: delete the record as it is now. */
  onConfirmDelete?: (theirs: Values) => void;
  onCancel: () => void;
  /** Wording for what is compared when it is not a record's form (a permission tree): keys for the title, the intro and the way back. */
  wording?: { title: string; intro: string; back: string };
}

function ValueView({ field, value }: { field: ConflictField; value: unknown }) {
  const translate = useTranslate();
  if (field.kind === 'image' || field.kind === 'images') {
    const pictures = picturesOf(value);
    if (!pictures.length) return <Typography variant="body2">{translate('app.no_image')}</Typography>;
    return (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {pictures.map((p) => (
          <Box key={p.key} sx={{ textAlign: 'center' }}>
            <Box
              component="img"
              src={p.chosen ? p.src : uploadUrl(p.src)}
              alt={p.chosen ? translate('conflicts.new_picture') : ''}
              sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, display: 'block' }}
            />
            {p.chosen && <Typography variant="caption">{translate('conflicts.new_picture')}</Typography>}
          </Box>
        ))}
      </Box>
    );
  }
  let text: string;
  if (value === undefined || value === null || value === '') text = translate('conflicts.empty');
  else if (field.kind === 'flag') text = translate(value === true || Number(value) === 1 ? 'ra.boolean.true' : 'ra.boolean.false');
  else if (field.kind === 'html' && typeof value === 'string')
    text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 120, overflow: 'auto' }}>
      {text}
    </Typography>
  );
}

/**
 * The conflict dialog: for each field that differs, the value both sides started from, theirs and
 * yours, and per field a choice to keep yours or take theirs; or reload theirs entirely. For a
 * delete of a record changed meanwhile: what changed, and whether to delete it anyway.
 */
/** Shown once its words are here (they load with the first conflict, not with the first screen). */
export function ConflictDialog(props: Props) {
  return useToolMessages('conflicts') ? <ConflictChoices {...props} /> : null;
}

function ConflictChoices({ state, fields, busy = false, onResolve, onReload, onConfirmDelete, onCancel, wording }: Props) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { mode, base, yours, theirs } = state;
  const rows = theirs ? (mode === 'delete' ? differing(fields, base, theirs) : differing(fields, theirs, yours)) : [];
  // A derived field is not chosen: it follows the inputs chosen, worked out again as they change.
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(rows.filter((f) => !f.derived).map((f) => [f.name, defaultChoice(f, base, yours)])),
  );
  const merged = theirs ? merge(yours, theirs, choices, fields) : yours;
  const labelOf = (f: ConflictField | undefined) => (f ? (f.text ?? translate(f.label, { _: f.name })) : '');
  const when = state.changedAt ? dateTime(state.changedAt) : undefined;
  const who = state.changedBy?.user_name;
  const title = wording?.title ?? (!theirs ? 'conflicts.deleted_title' : mode === 'delete' ? 'conflicts.delete_title' : 'conflicts.title');
  const intro = wording?.intro ?? (!theirs ? 'conflicts.deleted_intro' : mode === 'delete' ? 'conflicts.delete_intro' : 'conflicts.intro');
  // A delete asked again is not a form: its way out keeps the record.
  const back = wording?.back ?? (mode === 'delete' ? 'conflicts.keep_record' : 'conflicts.back');
  return (
    <Dialog open onClose={busy ? undefined : onCancel} fullWidth maxWidth="md" aria-labelledby="conflict-dialog-title">
      <DialogTitle id="conflict-dialog-title">{translate(title)}</DialogTitle>
      <DialogContent dividers>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {who && when
            ? translate('conflicts.changed_by_at', { name: who, time: when })
            : when
              ? translate('conflicts.changed_at', { time: when })
              : translate('conflicts.changed_meanwhile')}{' '}
          {translate(intro)}
        </Alert>
        {theirs && rows.length === 0 && <Typography>{translate('conflicts.no_difference')}</Typography>}
        {theirs && rows.length > 0 && (
          <Table size="small" aria-label={translate('conflicts.fields')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('conflicts.field')}</TableCell>
                <TableCell>{translate('conflicts.started')}</TableCell>
                <TableCell>{translate('conflicts.theirs')}</TableCell>
                {mode !== 'delete' && <TableCell>{translate('conflicts.yours')}</TableCell>}
                {mode !== 'delete' && <TableCell>{translate('conflicts.keep')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((f) => {
                const label = labelOf(f);
                return (
                  <TableRow key={f.name} data-field={f.name}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell>
                      <ValueView field={f} value={base[f.name]} />
                    </TableCell>
                    <TableCell>
                      <ValueView field={f} value={theirs[f.name]} />
                    </TableCell>
                    {mode !== 'delete' && (
                      <TableCell>
                        <ValueView field={f} value={yours[f.name]} />
                      </TableCell>
                    )}
                    {mode !== 'delete' && f.derived && (
                      <TableCell data-derived="true">
                        <ValueView field={f} value={merged[f.name]} />
                        <Typography variant="caption" color="text.secondary">
                          {translate('conflicts.derived', {
                            fields: f.derived.minus
                              .map((name) => fields.find((x) => x.name === name))
                              .map(labelOf)
                              .join(' − '),
                          })}
                        </Typography>
                      </TableCell>
                    )}
                    {mode !== 'delete' && !f.derived && (
                      <TableCell>
                        <RadioGroup
                          value={choices[f.name] ?? 'yours'}
                          onChange={(e) => {
                            setChoices((c) => ({ ...c, [f.name]: e.target.value as Choice }));
                          }}
                        >
                          <FormControlLabel
                            value="yours"
                            control={
                              <Radio
                                size="small"
                                slotProps={{ input: { 'aria-label': `${label}: ${translate('conflicts.keep_mine')}` } }}
                              />
                            }
                            label={translate('conflicts.keep_mine')}
                          />
                          <FormControlLabel
                            value="theirs"
                            control={
                              <Radio
                                size="small"
                                slotProps={{ input: { 'aria-label': `${label}: ${translate('conflicts.take_theirs')}` } }}
                              />
                            }
                            label={translate('conflicts.take_theirs')}
                          />
                        </RadioGroup>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel} disabled={busy}>
          {translate(back)}
        </Button>
        {theirs && mode !== 'delete' && (
          <Button
            onClick={() => {
              onReload(theirs);
            }}
            disabled={busy}
          >
            {translate('conflicts.reload')}
          </Button>
        )}
        {theirs && mode === 'delete' && onConfirmDelete && (
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              onConfirmDelete(theirs);
            }}
            disabled={busy}
          >
            {translate('conflicts.delete_anyway')}
          </Button>
        )}
        {theirs && mode !== 'delete' && (
          <Button
            variant="contained"
            onClick={() => {
              onResolve(merged, theirs);
            }}
            disabled={busy}
          >
            {translate('conflicts.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
