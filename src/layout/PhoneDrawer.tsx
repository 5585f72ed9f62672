import { useEffect, useState } from 'react';
import Drawer from '@mui/material/Drawer';
import { useLocation } from 'react-router-dom';
import { useSidebarState, type SidebarProps } from 'react-admin';

/** react-admin's side bar width, which its menu is laid out for. */
const DRAWER_WIDTH = 240;

/**
 * The navigation drawer of narrow screens (under 600 px), in place of react-admin's side bar.
 * react-admin's drawer mounts with the stored `sidebar.open`, which is true after a reload with the
 * drawer open, or when a wide screen with its side bar open narrows; closing it right after
 * mounting left MUI's modal root in place, invisible, above every control of the page. This one
 * always mounts closed (the drawer opens only from the app bar's toggle after that) and closes on
 * every navigation.
 */
export function PhoneDrawer({ children, background }: SidebarProps & { background: string }) {
  const [open, setOpen] = useSidebarState();
  // Whether the stored `open` predates this drawer: it is not shown, and counts no more once closed.
  const [stale, setStale] = useState(open);
  if (stale && !open) setStale(false);
  const { pathname } = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [pathname, setOpen]);
  return (
    <Drawer
      variant="temporary"
      open={open && !stale}
      onClose={() => setOpen(false)}
      className="RaSidebar-modal"
      slotProps={{
        paper: { className: 'RaSidebar-paper', sx: { width: DRAWER_WIDTH, bgcolor: background, color: 'text.primary' } },
      }}
    >
      {children}
    </Drawer>
  );
}
