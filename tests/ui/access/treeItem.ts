/**
 * Finds a permission tree item by its entry's name as shown, for `getByRole('treeitem', { name })`.
 * An item's accessible name is its whole visible text (label in name): the entry's name, then its
 * slug (lower case, no spaces), then where its state comes from and the user's own grant or denial.
 * So "Branch" matches "Branch branch", not "Branch List branch/branch-list".
 */
export function treeItemNamed(label: string): (name: string) => boolean {
  return (name) => name.startsWith(`${label} `) && /^[a-z0-9][\w-]*(\/[\w-]+)*(\s|$)/.test(name.slice(label.length + 1));
}
