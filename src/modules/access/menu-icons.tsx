import { createElement } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BorderAll from '@mui/icons-material/BorderAll';
import Settings from '@mui/icons-material/Settings';
import MenuOpen from '@mui/icons-material/MenuOpen';
import People from '@mui/icons-material/People';
import Dashboard from '@mui/icons-material/Dashboard';
import Home from '@mui/icons-material/Home';
import Notifications from '@mui/icons-material/Notifications';
import Person from '@mui/icons-material/Person';
import Lock from '@mui/icons-material/Lock';
import Security from '@mui/icons-material/Security';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import BarChart from '@mui/icons-material/BarChart';
import Inventory from '@mui/icons-material/Inventory';
import Store from '@mui/icons-material/Store';
import ShoppingCart from '@mui/icons-material/ShoppingCart';
import Receipt from '@mui/icons-material/Receipt';
import Payments from '@mui/icons-material/Payments';
import AccountBalance from '@mui/icons-material/AccountBalance';
import CreditCard from '@mui/icons-material/CreditCard';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Warehouse from '@mui/icons-material/Warehouse';
import Work from '@mui/icons-material/Work';
import Event from '@mui/icons-material/Event';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import Description from '@mui/icons-material/Description';
import Article from '@mui/icons-material/Article';
import Mail from '@mui/icons-material/Mail';
import Phone from '@mui/icons-material/Phone';
import Map from '@mui/icons-material/Map';
import Language from '@mui/icons-material/Language';
import Public from '@mui/icons-material/Public';
import Star from '@mui/icons-material/Star';
import Favorite from '@mui/icons-material/Favorite';
import Build from '@mui/icons-material/Build';
import Key from '@mui/icons-material/Key';
import Shield from '@mui/icons-material/Shield';
import Tune from '@mui/icons-material/Tune';
import ListAlt from '@mui/icons-material/ListAlt';
import ViewList from '@mui/icons-material/ViewList';
import Apps from '@mui/icons-material/Apps';
import Widgets from '@mui/icons-material/Widgets';
import Folder from '@mui/icons-material/Folder';
import { ICON_NAMES as DESCRIPTOR_ICON_NAMES } from '../../../resources/icons';
import { knownIcon } from '../../icons';

/**
 * Icons an administrator can pick for a menu, beside the ones the descriptors use (src/icons.ts).
 * Menus store the icon's name; the spec's default class `bx bx-border-all` shows as BorderAll,
 * and any name we do not know shows as the default folder icon.
 */
export const PICKABLE_ICONS: Readonly<Record<string, SvgIconComponent>> = {
  BorderAll,
  Settings,
  MenuOpen,
  People,
  Dashboard,
  Home,
  Notifications,
  Person,
  Lock,
  Security,
  AdminPanelSettings,
  Assessment,
  BarChart,
  Inventory,
  Store,
  ShoppingCart,
  Receipt,
  Payments,
  AccountBalance,
  CreditCard,
  LocalShipping,
  Warehouse,
  Work,
  Event,
  CalendarMonth,
  Description,
  Article,
  Mail,
  Phone,
  Map,
  Language,
  Public,
  Star,
  Favorite,
  Build,
  Key,
  Shield,
  Tune,
  ListAlt,
  ViewList,
  Apps,
  Widgets,
};

/** Every name an administrator can pick: these and the descriptors' own (resources/icons.ts), once each. */
export const ICON_NAMES: readonly string[] = [...new Set([...Object.keys(PICKABLE_ICONS), ...DESCRIPTOR_ICON_NAMES])];

const CLASS_ALIASES: Readonly<Record<string, string>> = { 'bx bx-border-all': 'BorderAll' };

export function menuIconOf(name: string | undefined): SvgIconComponent {
  const key = name ? (CLASS_ALIASES[name] ?? name) : '';
  return PICKABLE_ICONS[key] ?? knownIcon(key) ?? Folder;
}

export function MenuIcon({ name, ...props }: { name: string | undefined } & SvgIconProps) {
  return createElement(menuIconOf(name), props);
}
