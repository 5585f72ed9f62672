import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Loading, useTranslate } from 'react-admin';
import { InboxList } from './InboxList';
import { useInbox } from './useInbox';

/** The profile page's block: the signed-in user's latest 10 notices, each opening its detail dialog. */
export function LatestNotifications() {
  const translate = useTranslate();
  const { data = [], isPending, markRead } = useInbox(10);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('notifications.latest')}
        </Typography>
        {isPending ? <Loading /> : <InboxList notices={data} markRead={markRead} />}
      </CardContent>
    </Card>
  );
}
