/**
 * The descriptor format: every entity is declared once, as plain typed data, and both the
 * server (table, validation, routes, permission slugs) and the console (Resource, columns,
 * filters, inputs, dataProvider paths, canAccess) are generated from it.
 *
 * No React, MUI or Fastify imports here: the browser bundle and the server both load this file.
 */
import type { IconName } from './icons';

/** A condition on another field's value, shared by the form (hide) and the server (skip required). */
export interface VisibleWhen {
  field: string;
  in: readonly (string | number)[];
}

/** value = fields[0] - fields[1] - ... ; recomputed by the form on change and by the server on save. */
export interface Derivation {
  minus: readonly [string, string];
}

/**
 * What a field holds about a person (issue 49), declared on the field: `none` (nothing about a
 * person), `personal` (identifies or describes one: a name, an e-mail, a picture), `sensitive`
 * (personal and more harmful when it leaks: health, an address, a sign-in's IP), `secret` (never
 * shown, never exported: a password or a key). The subject access export takes every `personal`
 * and `sensitive` field of the person's records; the erasure to come (issue 49 point 3) will
 * encrypt exactly those values in audit entries under the person's own key.
 */
export type Personal = 'none' | 'personal' | 'sensitive' | 'secret';
export const PERSONAL_KINDS: readonly Personal[] = ['none', 'personal', 'sensitive', 'secret'];

interface FieldBase {
  /** Column and payload name, exactly as the contract spells it. */
  name: string;
  /** What the field holds about a person; required on a descriptor that `describes: 'people'`. */
  personal?: Personal;
  required?: boolean;
  /** Shown as a list column. */
  list?: boolean;
  /** Included in the `search` filter (FTS5 trigram on SQLite, pg_trgm on PostgreSQL). */
  search?: boolean;
  /** Offered as a list filter (query parameter named after the field). */
  filter?: boolean;
  /** Unique across the table; a duplicate answers 409. */
  unique?: boolean;
  visibleWhen?: VisibleWhen;
  /** Hidden from the form (kept in the payload, e.g. schedule.logo has no input). */
  formHidden?: boolean;
  /** Half or full width in the form grid. */
  wide?: boolean;
  /**
   * Other names a client may send the value under (the spec's short `title` beside
   * `notification_title`). The body is read once into the field's own name; when both are sent,
   * the field's own name wins.
   */
  aliases?: readonly string[];
}

/** A regular expression (ECMAScript, unicode mode) a text value must match, and what to say when it does not. */
export interface Pattern {
  regex: string;
  /** The 422 message after the field name, e.g. "must be letters and digits only". */
  message: string;
}

export interface TextField extends FieldBase {
  kind: 'text' | 'email' | 'phone' | 'url';
  default?: string;
  maxLength?: number;
  pattern?: Pattern;
}
export interface LongTextField extends FieldBase {
  kind: 'longText' | 'richText';
  default?: string;
  /** Rich text only: the list cell renders the (sanitised) HTML instead of its plain text. */
  listAsHtml?: boolean;
}
export interface NumberField extends FieldBase {
  /** integer or money (two decimals). */
  kind: 'integer' | 'money';
  default?: number;
  min?: number;
  max?: number;
  derived?: Derivation;
}
export interface StatusField extends FieldBase {
  kind: 'status';
  default?: 0 | 1;
}
export interface DateField extends FieldBase {
  kind: 'date' | 'datetime';
  /** 'today' / 'now' are evaluated when the record is created. */
  default?: 'today' | 'now' | `${string}-${string}-${string}`;
}
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  choices: readonly string[];
  default?: string;
}
export interface ReferenceField extends FieldBase {
  kind: 'reference';
  /** Registry name of the referenced resource. */
  reference: string;
  /**
   * Key of the embedded object in reads, e.g. `pharmacy_category`. When it is the field's own name
   * (spec 000's `user_branch: {branch_id, branch_code, branch_name}`), reads carry the object in
   * place of the id and the console's forms still edit the id.
   */
  embedAs: string;
  /**
   * The stored value meaning "no record" in tables owned by a migration whose reference columns
   * are NOT NULL DEFAULT 0 (users). It is never checked for existence and reads embed it as id 0.
   */
  none?: 0;
  /**
   * The i18n key of a form choice standing for `none` when "no record" is a meaning of its own
   * (spec 000: a user's branch 0 is every branch). Without it, a required field's `none` is missing.
   */
  noneChoice?: string;
}
/** [width, height] in px. */
export type Size = readonly [number, number];

/** A recommended size that depends on another field's value (blog photo: Slider 1280x720, else 640x360). */
export interface SizeByValue {
  field: string;
  when: Readonly<Record<string, Size>>;
  otherwise: Size;
}

export interface ImageField extends FieldBase {
  kind: 'image';
  /** Recommended upload size shown beside the input, e.g. [250, 120]. */
  recommended?: Size | SizeByValue;
  /** Thumbnail size in lists. */
  thumbnail?: Size;
  /** Preview size in the form; defaults to a medium preview. */
  formThumbnail?: Size;
  /** The list thumbnail links to the URL held in this field, opened in a new tab (blog videos). */
  linkTo?: string;
}
export interface ImageListField extends FieldBase {
  kind: 'imageList';
  thumbnail?: Size;
  formThumbnail?: Size;
}
export interface SubField {
  name: string;
  kind: 'text' | 'longText' | 'email' | 'phone';
  required?: boolean;
}
/** Rows of sub-fields, exchanged and stored as JSON text (doctor degrees, about why_choose_us). */
export interface RowsField extends FieldBase {
  kind: 'rows';
  of: readonly SubField[];
}

export type Field =
  | TextField
  | LongTextField
  | NumberField
  | StatusField
  | DateField
  | ChoiceField
  | ReferenceField
  | ImageField
  | ImageListField
  | RowsField;

export type FieldKind = Field['kind'];

/** A field that declares its classification (`personal` given): every field of a people descriptor. */
export type ClassifiedField = Field extends infer F ? (F extends Field ? F & { personal: Personal } : never) : never;

export type Action = 'list' | 'get' | 'create' | 'update' | 'delete';

/**
 * Rows of a join table that belong to a record and are written with it, in its transaction, its
 * version step and its trail entry (a menu's groups, a group's menus, a user's own grants). The
 * body names the link like a field: a list of ids replaces the set, `{ put: { id: flag | null } }`
 * changes some entries (null removes one). A delete removes the record's links, and the links of
 * other records that name it.
 */
export interface Link {
  /** The body key, and the key under which the trail keeps the set beside the record's fields. */
  name: string;
  table: string;
  /** The column holding this record's id. */
  owner: string;
  /** The column holding the linked record's id. */
  value: string;
  /** The resource the linked ids name: unknown ids are refused (422), and a linked record's version steps when its links change. */
  target: string;
  /** A column holding 1 or 0 per link (a user's own grant or denial); without it a link's presence is the grant. */
  flag?: string;
}

/** A resource's publication dates and the bookkeeping columns its scheduler claims (see ResourceDescriptor.scheduled). */
export interface Scheduled {
  /** The datetime field from which the record is public. */
  publishAt: string;
  /** The datetime field from which it no longer is (optional in the record). */
  expireAt: string;
  /** Bookkeeping column (in `bookkeeping`) claimed when the publication is recorded. */
  published: string;
  /** Bookkeeping column (in `bookkeeping`) claimed when the expiry is recorded. */
  expired: string;
  /**
   * `due` (default): a mark holds the date it recorded, so a date moved later is recorded again
   * when it comes. `once`: the publication mark is the time it happened, claimed while empty, so a
   * record is published once for ever (a notice is pushed once).
   */
  publishedMark?: 'due' | 'once';
}

interface DescriptorBase {
  /** Registry key, react-admin Resource name and i18n key `resources.<name>`. */
  name: string;
  /** API naming: paths are `/{prefix}/{entity}-list/`, `/{prefix}/get-{entity}/{id}`, ... */
  api: {
    prefix: string;
    /** Defaults to prefix (`/doctors/doctors-list`, `/doctors/get-doctors/{id}`). */
    entity?: string;
    /** How bodies are sent by the console; the server accepts JSON and multipart either way. */
    body: 'json' | 'multipart';
  };
  /** SQL table name (ours, not the contract's). */
  table: string;
  /** Id field as the contract names it (`branch_id` or `id`). */
  idField: string;
  /** Active/Inactive field; every list resource has one, singletons may not. */
  statusField?: string;
  /** Field holding the human label of a record (reference selects, delete message). */
  titleField: string;
  /**
   * Field holding the record's short code (`branch_code`), declared where other code needs it:
   * embedded references then carry `{id, code, name}` (spec 000's nested user objects).
   */
  codeField?: string;
  /**
   * The table is created by a versioned migration (server/db/migrations): the additive sync
   * leaves its columns alone (it still indexes them); the fields still drive validation and screens.
   */
  migrationTable?: boolean;
  /**
   * Body values the console sends beside the fields that are no column of their own (the users'
   * `password` and `c_password`, which a module turns into a hash); sent only when not empty.
   */
  bodyOnly?: readonly string[];
  /** Table columns never answered by any read (a password hash). */
  secretColumns?: readonly string[];
  /**
   * Table columns no body writes, that the service's `claim` sets for the resource's module (a
   * notice's `notification_delivered_at`, the instance that pushed it): a conditional, atomic
   * update of the server's own bookkeeping, not a change of the record's fields.
   */
  bookkeeping?: readonly string[];
  /**
   * Publish-at and expire-at (issue 48, resources/publishing.ts): the record is public only from
   * `publishAt` (empty: at once) until `expireAt` (empty: for ever); the schedule module records
   * each publication and expiry once, as the scheduler (server/modules/schedule).
   */
  scheduled?: Scheduled;
  /**
   * Permission slugs of forms outside the descriptors that choose this resource's records (the
   * notification form picks a group or a user). Their holders may look the records up like the
   * forms of descriptors that reference this one (`lookupSlugs`).
   */
  lookupBy?: readonly string[];
  /**
   * Rows are never imported from a spreadsheet: each needs what a module's policy adds to a
   * single write (a user's password and the checks around it).
   */
  importable?: false;
  /**
   * The list is fetched only once this filter has a value; until then the console shows the
   * resource's `needs_filter` message and makes no call (spec 000: the user list needs a branch).
   */
  listNeedsFilter?: string;
  /**
   * The field naming the branch a record belongs to. Its rows are then scoped on the server for
   * every actor of a branch other than 0 (who sees every branch): lists show only their branch,
   * another branch's record is not found (404, no probing), and a write may not put a record in
   * another branch (403). Spec 000: "0 means default or all".
   */
  branchScope?: string;
  /**
   * A single record edited on one page (about, hero section): the API has only list, create and
   * update; the console shows one form that updates the record if there is one, else creates it.
   */
  singleton?: boolean;
  /** Join-table rows written with the record (see Link). */
  links?: readonly Link[];
  /**
   * Field order in the form when it differs from `fields` (which also orders the list columns):
   * the named fields come first, in this order, then the rest.
   */
  formOrder?: readonly string[];
  /** Navigation: the screen's own route is `/{name}`; aliases redirect to it. */
  menu: {
    /** Top-level menu the entry sits under in the catalogue (e.g. `pharmacy`). */
    group: string;
    /** Its icon, one the console has (resources/icons.ts): another name fails the type check. */
    icon: IconName;
    aliases?: readonly string[];
    position?: number;
    /** The home page (`/`) shows this singleton's editor with the catalogue summary. */
    home?: boolean;
  };
  dialog?: 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * A resource whose records each describe one person (a staff account, a doctor, a member, a
 * donor): every field must say what it holds about them (`personal`), or the type check fails,
 * and the subject access export (server/modules/privacy) finds the person's data from it.
 */
export interface PeopleDescriptor extends DescriptorBase {
  describes: 'people';
  fields: readonly ClassifiedField[];
}

/** Any other resource: its fields may say what they hold (unsaid is `none`). */
export interface ThingsDescriptor extends DescriptorBase {
  describes?: undefined;
  fields: readonly Field[];
}

export type ResourceDescriptor = PeopleDescriptor | ThingsDescriptor;

export const ACTIONS: readonly Action[] = ['list', 'get', 'create', 'update', 'delete'];

/**
 * The descriptor with other fields (a subset, or the same fields with another option), for code
 * that narrows what a screen or an index covers. The fields keep their own classification, which
 * the type cannot follow through a `map` or a `filter` of the union's two field lists.
 */
export const withFields = (d: ResourceDescriptor, fields: readonly Field[]): ResourceDescriptor => ({ ...d, fields }) as ResourceDescriptor;

/** What a field holds about a person: its declaration, `none` where a resource about things leaves it unsaid. */
export const personalOf = (f: Pick<FieldBase, 'personal'>): Personal => f.personal ?? 'none';
