import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import Apartment from '@mui/icons-material/Apartment';
import Badge from '@mui/icons-material/Badge';
import Category from '@mui/icons-material/Category';
import Folder from '@mui/icons-material/Folder';
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

/**
 * Descriptors name icons by string (they cannot import React); this explicit map resolves them.
 * Only the icons we use are imported, so the bundle does not carry the whole icon set.
 */
const icons: Record<string, SvgIconComponent> = {
  AccountTree,
  Apartment,
  Badge,
  Category,
  Groups,
  MedicalServices,
  Medication,
  Info,
  ViewCarousel,
  VideoLibrary,
  PhotoLibrary,
  WorkHistory,
  School,
  TipsAndUpdates,
  MeetingRoom,
  EventNote,
  Visibility,
  VolunteerActivism,
  LocalHospital,
  Biotech,
};

export function iconOf(name: string | undefined): SvgIconComponent {
  return knownIcon(name) ?? Folder;
}

/** The icon of that name, or undefined when it is not one of ours (menu data may name others). */
export function knownIcon(name: string | null | undefined): SvgIconComponent | undefined {
  return name ? icons[name] : undefined;
}
