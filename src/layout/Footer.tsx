import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { version } from '../../package.json';

/** The version label of spec 000 (v3.0.1), read from package.json when the console is built. */
export const VERSION_LABEL = `v${version}`;

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {VERSION_LABEL}
      </Typography>
    </Box>
  );
}
