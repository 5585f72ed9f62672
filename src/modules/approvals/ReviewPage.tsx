import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useCanAccess, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { ErrorBlock, Spinner } from '../../screens/ListStates';
import { messageOf } from '../../screens/failures';
import { useFormat } from '../i18n/useFormat';
import { CHANGE_REQUEST, decide, decisionsOf, getRequest, type ChangeRequest, type DecideAction } from './api';
import { RequestDiff } from './RequestDiff';
import { RecordHistoryButton } from '../audit/RecordHistoryButton';
import { APPROVE_SLUG, REJECT_SLUG } from './slugs';

/** Who asked, what, why, and the decisions so far. */
function Summary({ request }: { request: ChangeRequest }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const resource = request.change_request_resource;
  const decisions = decisionsOf(request);
  const name = translate(`resources.${resource}.name`, { smart_count: 1, _: resource });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The state in words, in the text's own colour: a filled error chip fell short of contrast in the dark theme. */}
        <Chip
          size="small"
          variant="outlined"
          label={translate(`resources.change-request.choices.change_request_state.${request.change_request_state}`)}
          data-testid="request-state"
        />
        <Typography>
          {translate('approvals.console.summary', {
            author: request.change_request_author_name,
            action: translate(`resources.change-request.choices.change_request_action.${request.change_request_action}`),
            resource: name,
            record: request.change_request_record || '-',
          })}
        </Typography>
      </Box>
      <Typography color="text.secondary">{translate(request.change_request_why, { _: request.change_request_why })}</Typography>
      <Typography variant="body2">
        {translate('approvals.console.approvals_count', {
          done: decisions.filter((d) => d.decision === 'approve').length,
          needed: request.change_request_needed,
        })}
      </Typography>
      {decisions.length > 0 && (
        <List dense aria-label={translate('resources.change-request.fields.change_request_approvals')}>
          {decisions.map((d) => (
            <ListItem key={`${d.user_id}-${d.at}`} disableGutters>
              <ListItemText
                primary={translate(`approvals.console.decision.${d.decision}`, { name: d.user_name, _: `${d.decision}: ${d.user_name}` })}
                secondary={[d.comment, d.at ? dateTime(d.at) : ''].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Approve / reject with a comment (approvers), rebase (the author of an open request). */
function Decide({ request }: { request: ChangeRequest }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const { identity } = useGetIdentity();
  const { canAccess: mayApprove } = useCanAccess({ resource: APPROVE_SLUG, action: 'access' });
  const { canAccess: mayReject } = useCanAccess({ resource: REJECT_SLUG, action: 'access' });
  const mine = identity !== undefined && String(identity.id) === String(request.change_request_author);
  const open = request.change_request_state === 'pending' || request.change_request_state === 'stale';
  const run = useMutation({
    mutationFn: (action: DecideAction) => decide(request.change_request_id, action, comment.trim()),
    onSuccess: ({ message }) => {
      notify(message, { type: 'success' });
      setComment('');
    },
    onError: (error) => notify(messageOf(error) || 'ra.notification.http_error', { type: 'error' }),
    // A refused approval may still have changed the request (made it stale): read it again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CHANGE_REQUEST] }),
  });
  if (!open) return null;
  const deciding = !mine && (mayApprove === true || mayReject === true) && request.change_request_state === 'pending';
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
      {request.change_request_state === 'stale' && (
        <Alert severity="warning">{translate(mine ? 'approvals.console.stale_author' : 'approvals.console.stale')}</Alert>
      )}
      {mine && request.change_request_state === 'pending' && <Alert severity="info">{translate('approvals.console.own')}</Alert>}
      {deciding && (
        <TextField
          label={translate('approvals.console.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {deciding && mayReject === true && (
          <Button color="error" variant="outlined" disabled={run.isPending} onClick={() => run.mutate('reject')}>
            {translate('approvals.console.reject')}
          </Button>
        )}
        {deciding && mayApprove === true && (
          <Button color="success" variant="contained" disabled={run.isPending} onClick={() => run.mutate('approve')}>
            {translate('approvals.console.approve')}
          </Button>
        )}
        {mine && (
          <Button variant="contained" disabled={run.isPending} onClick={() => run.mutate('rebase')}>
            {translate('approvals.console.rebase')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * One change request for its reviewers and its author (`/change-request/:id`, a dialog as every
 * record's is; closing it goes to the queue): who asked what and
 * why, the diff against the live record (the record history's diff table), the decisions so far,
 * and the decide actions. Its query's key starts with the resource name, so the socket's record
 * pushes of `change-request` (RecordPushes) and the `change-request` event (ApprovalPushes) reload it.
 */
export function ReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const translate = useTranslate();
  const numeric = /^\d+$/.test(id);
  const query = useQuery({ queryKey: [CHANGE_REQUEST, 'review', id], queryFn: () => getRequest(id), enabled: numeric });
  // No request is made by hand (`/change-request/create`, the generic New): the queue instead.
  if (!numeric) return <Navigate to={`/${CHANGE_REQUEST}`} replace />;
  const title = translate('approvals.console.review_title', { id });
  const close = () => {
    void navigate(`/${CHANGE_REQUEST}`);
  };
  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby="review-dialog-title">
      <DialogTitle id="review-dialog-title">{title}</DialogTitle>
      {/* The request's own trail: submitted by its author, decided by its approvers. */}
      {query.data && (
        <Box sx={{ px: 3, display: 'flex', justifyContent: 'flex-end' }}>
          <RecordHistoryButton resource={CHANGE_REQUEST} id={query.data.change_request_id} />
        </Box>
      )}
      <DialogContent>
        {query.isPending ? (
          <Spinner />
        ) : query.error ? (
          <ErrorBlock message={messageOf(query.error)} />
        ) : (
          <>
            <Summary request={query.data} />
            <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
              {translate('approvals.console.diff')}
            </Typography>
            <RequestDiff request={query.data} />
            <Decide request={query.data} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
