/**
 * The icons a descriptor may name for its menu entry (`menu.icon`), by their MUI name. The console
 * resolves each to its component in src/icons.ts, whose map must hold exactly these names (its
 * type says so), so a descriptor naming an icon the console does not have fails the type check
 * rather than showing a stand-in. Names only: the server reads descriptors and must not load React.
 */
export const ICON_NAMES = [
  'AccountTree',
  'Apartment',
  'Badge',
  'Biotech',
  'Category',
  'EventNote',
  'Groups',
  'Info',
  'LocalHospital',
  'MedicalServices',
  'Medication',
  'MeetingRoom',
  'Notifications',
  'People',
  'PhotoLibrary',
  'School',
  'Science',
  'TipsAndUpdates',
  'VideoLibrary',
  'ViewCarousel',
  'Visibility',
  'VolunteerActivism',
  'WorkHistory',
] as const;

/** An icon a descriptor may name: one of `ICON_NAMES`. */
export type IconName = (typeof ICON_NAMES)[number];

/** For names that come from data (a folder loaded at run time, a menu row), not from typed code. */
export function isIconName(name: unknown): name is IconName {
  return typeof name === 'string' && (ICON_NAMES as readonly string[]).includes(name);
}
