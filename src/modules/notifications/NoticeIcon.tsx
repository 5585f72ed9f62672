import MailIcon from '@mui/icons-material/Mail';
import DraftsIcon from '@mui/icons-material/Drafts';
import { useTranslate } from 'react-admin';

/** Closed envelope while unread, open envelope once read (spec 000 section 4). */
export function NoticeIcon({ unread }: { unread: boolean }) {
  const translate = useTranslate();
  const label = translate(unread ? 'notifications.unread' : 'notifications.read');
  return unread ? (
    <MailIcon fontSize="small" color="primary" aria-label={label} titleAccess={label} />
  ) : (
    <DraftsIcon fontSize="small" color="disabled" aria-label={label} titleAccess={label} />
  );
}
