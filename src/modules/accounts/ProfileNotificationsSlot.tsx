/**
 * Where my profile shows the latest 10 notifications with their detail dialog (spec 000 section 2).
 * The notifications module fills this in; until it does, the section is absent, not faked.
 */
export function ProfileNotificationsSlot() {
  return null;
}
