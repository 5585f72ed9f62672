import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** Ten recovery codes, shown once, and the button that says they were saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="h6" component="h2">
        {translate('second_factor.recovery.title')}
      </Typography>
      <Typography variant="body2" sx={{ my: 1, fontWeight: 600 }}>
        {translate('second_factor.recovery.help')}
      </Typography>
      <Box component="ul" aria-label={translate('second_factor.recovery.title')} sx={{ columns: 2, fontFamily: 'monospace', pl: 3 }}>
        {codes.map((c) => (
          <li key={c} data-recovery-code>
            {c}
          </li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone} autoFocus>
        {translate('second_factor.recovery.done')}
      </Button>
    </Box>
  );
}
