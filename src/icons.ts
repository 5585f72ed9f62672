import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import Apartment from '@mui/icons-material/Apartment';
import Badge from '@mui/icons-material/Badge';
import Category from '@mui/icons-material/Category';
import Info from '@mui/icons-material/Info';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import VideoLibrary from '@mui/icons-material/VideoLibrary';
import PhotoLibrary from '@mui/icons-material/PhotoLibrary';
import WorkHistory from '@mui/icons-material/WorkHistory';
import School from '@mui/icons-material/School';
import TipsAndUpdates from '@mui/icons-material/TipsAndUpdates';
import MeetingRoom from '@mui/icons-material/MeetingRoom';
import EventNote from '@mui/icons-material/EventNote';
import Visibility from '@mui/icons-material/Visibility';
import VolunteerActivism from '@mui/icons-material/VolunteerActivism';
import LocalHospital from '@mui/icons-material/LocalHospital';
import Biotech from '@mui/icons-material/Biotech';
import Groups from '@mui/icons-material/Groups';
import MedicalServices from '@mui/icons-material/MedicalServices';
import Medication from '@mui/icons-material/Medication';
import Notifications from '@mui/icons-material/Notifications';
import People from '@mui/icons-material/People';
import Science from '@mui/icons-material/Science';
import type { IconName } from '../resources/icons';

/**
 * Descriptors name icons by string (they cannot import React); this explicit map resolves them.
 * It holds exactly the names of resources/icons.ts (`satisfies` refuses a missing or an extra one),
 * and only these icons are imported, so the bundle does not carry the whole icon set.
 */
const icons = {
  AccountTree,
  Apartment,
  Badge,
  Biotech,
  Category,
  EventNote,
  Groups,
  Info,
  LocalHospital,
  MedicalServices,
  Medication,
  MeetingRoom,
  Notifications,
  People,
  PhotoLibrary,
  School,
  Science,
  TipsAndUpdates,
  VideoLibrary,
  ViewCarousel,
  Visibility,
  VolunteerActivism,
  WorkHistory,
} satisfies Record<IconName, SvgIconComponent>;

/** A descriptor's icon: its name is typed, so there is always one (no stand-in). */
export function iconOf(name: IconName): SvgIconComponent {
  return icons[name];
}

/** The icon of that name, or undefined when it is not one of ours (menu data may name others). */
export function knownIcon(name: string | null | undefined): SvgIconComponent | undefined {
  return name && Object.hasOwn(icons, name) ? icons[name as IconName] : undefined;
}
