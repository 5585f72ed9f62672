import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppBar, Layout, LoadingIndicator, LocalesMenuButton, ToggleThemeButton, useTranslate } from 'react-admin';
import { consoleModules } from '../modules';
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

const moduleItems = consoleModules.flatMap((m) => m.appBarItems ?? []);

/** react-admin's AppBar with the feature modules' items (the notification bell) before its own buttons. */
function ModulesAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          {moduleItems.map((Item, i) => (
            <Item key={i} />
          ))}
          <LocalesMenuButton />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    />
  );
}

/** react-admin's Layout with the generated menu; the default AppBar already carries the user menu (logout). */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={ModulesAppBar}>
      {children}
      <Footer />
    </Layout>
  );
}
