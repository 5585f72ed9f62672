import type { SvgIconComponent } from '@mui/icons-material';
import AccountTree from '@mui/icons-material/AccountTree';
import Apartment from '@mui/icons-material/Apartment';
import Badge from '@mui/icons-material/Badge';
import Category from '@mui/icons-material/Category';
import Folder from '@mui/icons-material/Folder';
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
};

export function iconOf(name: string | undefined): SvgIconComponent {
  return (name && icons[name]) || Folder;
}
