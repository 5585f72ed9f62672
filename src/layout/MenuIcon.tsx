import { createElement } from 'react';
import BorderAll from '@mui/icons-material/BorderAll';
import { knownIcon } from '../icons';

/**
 * The icon a menu entry names. Today's entries name MUI icons ('AccountTree'); the spec's default
 * is the class 'bx bx-border-all', and any name we do not know shows that border-all icon.
 */
export function MenuIcon({ name }: { name?: string | null }) {
  return createElement(knownIcon(name) ?? BorderAll, { fontSize: 'small' });
}
