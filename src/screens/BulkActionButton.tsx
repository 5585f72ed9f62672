import { useState, type ReactElement } from 'react';
import { useMutation } from '@tanstack/react-query';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import {
  Button,
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUnselectAll,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { ResourceDescriptor } from '../../resources';
import type { BulkAction, BulkAnswer } from '../../resources/bulk';
import { staleRows, type BulkMethods, type StaleRow } from '../../dataProvider/bulk';
import { messageOf } from './failures';
import { DeleteConflict } from './conflict/DeleteConflict';
import { useWriteRefusal, WithRefusal } from './refusals';

const ICONS: Record<BulkAction, ReactElement> = {
  activate: <CheckCircleOutlineIcon />,
  deactivate: <BlockIcon />,
  delete: <DeleteIcon />,
};

/** "2 done, 1 refused: <reason>; <other reason> (2)", each reason in the user's language. */
export function useBulkSummary() {
  const translate = useTranslate();
  return (answer: BulkAnswer) => {
    const counts = new Map<string, number>();
    for (const r of answer.results) if (!r.ok) counts.set(r.message, (counts.get(r.message) ?? 0) + 1);
    const reasons = [...counts].map(([message, n]) => {
      const text = translate(message, { _: message });
      return n > 1 ? `${text} (${n})` : text;
    });
    const args = { done: answer.done, refused: answer.refused, reason: reasons.join('; ') };
    return translate(reasons.length ? 'list_tools.bulk.summary_with_reason' : 'list_tools.bulk.summary', args);
  };
}

/**
 * One bulk action: asks once, sends the selected rows in one request (with the versions the list
 * read them at), then says what happened. All done: a toast, and the selection is cleared. Some
 * refused: the answer stays on screen until closed, one line per refused row with its reason, and
 * only the refused rows stay selected. A delete's rows changed since they were read are not
 * deleted: each is asked about again in the conflict dialog, showing what changed.
 */
export function BulkActionButton({ descriptor, action }: { descriptor: ResourceDescriptor; action: BulkAction }) {
  const { selectedIds, data, onSelect } = useListContext<RaRecord>();
  const dataProvider = useDataProvider<DataProvider & BulkMethods>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(descriptor.name);
  const summarise = useBulkSummary();
  const [asking, setAsking] = useState(false);
  const refusal = useWriteRefusal();
  const [answer, setAnswer] = useState<BulkAnswer>();
  // A delete's stale rows, asked about one at a time: the row as the list read it, and as it is now.
  const [stale, setStale] = useState<{ base: RaRecord; row: StaleRow }[]>([]);
  const { mutate, isPending } = useMutation({
    mutationFn: (ids: Identifier[]) => dataProvider.bulk(descriptor.name, action, ids, data),
    onSuccess: (result) => {
      setAsking(false);
      refresh();
      if (result.refused === 0) {
        unselectAll();
        notify(summarise(result), { type: 'success' });
        return;
      }
      // The refused rows stay selected, to see which they are and try again.
      onSelect(result.results.filter((r) => !r.ok).map((r) => r.id));
      const changed = action === 'delete' ? staleRows(result) : new Map<number, StaleRow>();
      const asked = [...changed].flatMap(([id, row]) => {
        const base = data?.find((r) => String(r.id) === String(id));
        return base ? [{ base, row }] : [];
      });
      setStale(asked);
      const askedIds = new Set(asked.map((a) => a.base.id));
      const others = result.results.filter((r) => !askedIds.has(r.id));
      // What the conflict dialogs do not ask about is said as before.
      if (others.some((r) => !r.ok)) {
        const done = others.filter((r) => r.ok).length;
        setAnswer({ done, refused: others.length - done, results: others });
      } else if (result.done) notify(summarise({ done: result.done, refused: 0, results: others }), { type: 'success' });
    },
    onError: (error) => {
      setAsking(false);
      notify(messageOf(error) || 'ra.notification.http_error', { type: 'error' });
    },
  });
  const titleOf = (id: number) => {
    const row = data?.find((r) => String(r.id) === String(id));
    const title: unknown = row?.[descriptor.titleField];
    return typeof title === 'string' || typeof title === 'number' ? String(title) : `#${id}`;
  };
  const closeAnswer = () => setAnswer(undefined);
  const nextStale = (deleted: boolean) => {
    const [first, ...rest] = stale;
    setStale(rest);
    if (deleted && first) onSelect(selectedIds.filter((id) => String(id) !== String(first.base.id)));
    refresh();
  };
  // The answer outlives a selection that became empty (all done while it was asked).
  if (!selectedIds.length && !asking && !answer && !stale.length) return null;
  const asked = stale[0];
  return (
    <>
      <WithRefusal reason={refusal}>
        <Button
          label={`list_tools.bulk.${action}`}
          // Red text on the bulk toolbar's tint falls short of AA contrast; the question warns instead.
          color="primary"
          onClick={() => setAsking(true)}
          disabled={!selectedIds.length || !!refusal}
        >
          {ICONS[action]}
        </Button>
      </WithRefusal>
      <Confirm
        isOpen={asking}
        loading={isPending}
        title={`list_tools.bulk.confirm_${action}`}
        titleTranslateOptions={{ smart_count: selectedIds.length }}
        content="list_tools.bulk.confirm_body"
        confirm="app.yes"
        cancel="app.no"
        confirmColor={action === 'delete' ? 'warning' : 'primary'}
        onConfirm={() => mutate([...selectedIds])}
        onClose={() => setAsking(false)}
      />
      {asked && (
        <DeleteConflict
          key={String(asked.base.id)}
          resource={descriptor.name}
          refused={{ base: asked.base, error: asked.row }}
          onDeleted={() => {
            nextStale(true);
          }}
          onCancel={() => {
            nextStale(false);
          }}
        />
      )}
      <Dialog open={answer !== undefined && !asked} onClose={closeAnswer} aria-labelledby={`bulk-${action}-answer`}>
        <DialogTitle id={`bulk-${action}-answer`}>{translate('list_tools.bulk.result_title')}</DialogTitle>
        {answer && (
          <DialogContent>
            <p role="status">{summarise(answer)}</p>
            <ul>
              {answer.results.map((r) =>
                r.ok ? null : (
                  <li key={r.id}>
                    {translate('list_tools.bulk.refused_row', { record: titleOf(r.id), reason: translate(r.message, { _: r.message }) })}
                  </li>
                ),
              )}
            </ul>
          </DialogContent>
        )}
        <DialogActions>
          <MuiButton onClick={closeAnswer} autoFocus>
            {translate('list_tools.bulk.close')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
