import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { TooltipIconButton } from '../../layout/TooltipIconButton';

/** A change request's row in the queue: opens the request's page (diff, decisions, actions). */
export function ReviewRowButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate('approvals.console.open_request', { id: record.id });
  return (
    <TooltipIconButton
      tooltip
      title={label}
      component={Link}
      to={`/change-request/${record.id}`}
      size="small"
      color="primary"
      aria-label={label}
    >
      <VisibilityIcon fontSize="small" />
    </TooltipIconButton>
  );
}
