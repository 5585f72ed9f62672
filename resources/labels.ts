/**
 * An entity's words in one language (`resources/<entity>/labels.<lang>.ts`, default export): they
 * become the catalogue's `resources.<entity>` (react-admin reads a resource's name and field labels
 * there), and its menu entry's label. The file may also export `menuGroup`, the name of the
 * descriptor's menu group, once per group (one of the group's entities says it).
 */
export interface ResourceLabels {
  /** Singular |||| plural. */
  name: string;
  /**
   * The label of the entity's menu entry (its list screen) in the navigation and the permission
   * trees, while the menu still has the name the catalogue wrote (`menus.<list slug>`).
   */
  menu: string;
  /** Every field and rows sub-field (sub-fields sit flat beside the fields). */
  fields: Readonly<Record<string, string>>;
  /** Choice fields: each stored value's label. */
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What the list says while its required filter has no value (`listNeedsFilter`). */
  needs_filter?: string;
}
