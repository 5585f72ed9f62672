import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Layout, useTranslate } from 'react-admin';
import { AppMenu } from './AppMenu';

function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('app.version')}
      </Typography>
    </Box>
  );
}

/** react-admin's Layout with the generated menu; the default AppBar already carries the user menu (logout). */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu}>
      {children}
      <Footer />
    </Layout>
  );
}
