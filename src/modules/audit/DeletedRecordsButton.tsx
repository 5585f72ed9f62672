import { Link } from 'react-router-dom';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Button, useCanAccess } from 'react-admin';

/** A list's way to its deleted records, for holders of audit/history (small: it loads with every list). */
export function DeletedRecordsButton({ resource }: { resource: string }) {
  const { canAccess } = useCanAccess({ resource: 'audit/history', action: 'list' });
  if (!canAccess) return null;
  return (
    <Button component={Link} to={`/${resource}/deleted`} label="audit.deleted.button">
      <DeleteSweepIcon />
    </Button>
  );
}
