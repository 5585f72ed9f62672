import Chip from '@mui/material/Chip';
import { useRecordContext, useTranslate } from 'react-admin';
import { nowIn, type Scheduled } from '../../resources';
import { publicationState } from '../../resources/publishing';
import { useServerTimeZone } from './defaults';

const COLOR = { scheduled: 'info', live: 'success', expired: 'default' } as const;

/**
 * A scheduled record's place on the public website now (issue 48): scheduled (its publish-at to
 * come), live, or expired; worked out from its dates in the server's zone as the public API does.
 * Whether it is active is the status column's to say.
 */
export function PublicationState({ scheduled }: { scheduled: Scheduled }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const zone = useServerTimeZone();
  if (!record || zone === undefined) return null;
  const state = publicationState(record, scheduled, nowIn(zone));
  return <Chip size="small" variant="outlined" color={COLOR[state]} label={translate(`schedule.state.${state}`)} />;
}
