import { Link } from 'react-router-dom';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Button, useCanAccess } from 'react-admin';
import { deletedPath } from './links';

/** A list's way to its deleted records, for holders of audit/history. */
export function DeletedRecordsButton({ resource }: { resource: string }) {
  const { canAccess } = useCanAccess({ resource: 'audit/history', action: 'list' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={deletedPath(resource)} label="audit.deleted.button">
      <DeleteSweepIcon />
    </Button>
  );
}
