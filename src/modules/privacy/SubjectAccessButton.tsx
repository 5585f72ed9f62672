import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FolderZip from '@mui/icons-material/FolderZip';
import { useNotify, useRecordContext, useResourceDefinition, useTranslate } from 'react-admin';
import { registry } from '../../../resources';
import { subjectAccessPath } from '../../../resources/privacy';
import { authorisedFetch, fileNameOf, refusal, save } from '../spreadsheets/transfer';

/**
 * A person's row's "Export their data" button (issue 49): downloads the subject access ZIP the
 * server builds and records. A refusal (another branch, no permission) is said as the server says it.
 */
export function SubjectAccessButton() {
  const record = useRecordContext<Record<string, unknown> & { id: number | string }>();
  const { name } = useResourceDefinition();
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const d = name ? registry.find(name) : undefined;
  if (!record || !d) return null;
  const label = translate('privacy.subject_access.button');
  const title = record[d.titleField];
  const who = typeof title === 'string' && title ? title : String(record.id);
  const download = async () => {
    setBusy(true);
    try {
      const res = await authorisedFetch(subjectAccessPath(d.name, record.id));
      if (!res.ok) {
        notify((await refusal(res)).message, { type: 'error' });
        return;
      }
      save(await res.blob(), fileNameOf(res, `subject-access-${d.name}-${String(record.id)}.zip`));
      notify('privacy.subject_access.done', { type: 'info', messageArgs: { name: who } });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="secondary"
        disabled={busy}
        aria-label={`${label}: ${who}`}
        onClick={(e) => {
          e.stopPropagation();
          void download();
        }}
      >
        <FolderZip fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
