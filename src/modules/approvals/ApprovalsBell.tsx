import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { Link } from 'react-router-dom';
import { useCanAccess, useGetList, useTranslate } from 'react-admin';
import { CHANGE_REQUEST } from './api';
import { APPROVE_SLUG } from './slugs';

/**
 * The reviewers' bell: how many change requests wait for a decision, a link to the queue. Only
 * for users who may approve, and only while a request waits; the count reloads on every change-request push (ApprovalPushes,
 * RecordPushes). The server still decides who may decide which request.
 */
export function ApprovalsBell() {
  const translate = useTranslate();
  const { canAccess: mayApprove } = useCanAccess({ resource: APPROVE_SLUG, action: 'access' });
  const { canAccess: mayList } = useCanAccess({ resource: CHANGE_REQUEST, action: 'list' });
  const enabled = mayApprove === true && mayList === true;
  const { total = 0 } = useGetList(
    CHANGE_REQUEST,
    { pagination: { page: 1, perPage: 1 }, filter: { change_request_state: 'pending', status: 1 } },
    { enabled },
  );
  // Shown only while something waits (the queue is in the menu too): on a 390 px phone one more
  // icon in the app bar left the screen's title too little room to be read.
  if (!enabled || total === 0) return null;
  const label = translate('approvals.console.bell', { smart_count: total });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={Link} to="/change-request" aria-label={label} data-testid="approvals-bell">
        {/* A dot, the count in the name: a number shown beside a translated name broke axe's label-in-name rule. */}
        <Badge variant="dot" color="warning">
          <FactCheckIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
