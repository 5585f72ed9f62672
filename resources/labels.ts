/**
 * An entity's words in one language (`resources/<entity>/labels.<lang>.ts`, default export): they
 * become the catalogue's `resources.<entity>` (react-admin reads a resource's name and field labels
 * there). The file may also export `menu`, the name of the descriptor's menu group, once per group.
 */
export interface ResourceLabels {
  /** Singular |||| plural. */
  name: string;
  /** Every field and rows sub-field (sub-fields sit flat beside the fields). */
  fields: Readonly<Record<string, string>>;
  /** Choice fields: each stored value's label. */
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** What the list says while its required filter has no value (`listNeedsFilter`). */
  needs_filter?: string;
}
