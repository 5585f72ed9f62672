/**
 * One sample record as a descriptor's fields would be sent, with two conveniences: a reference
 * names the target's code (its `codeField`), and an image (or each entry of a picture list) is a
 * label for a picture drawn at seeding time.
 */
export type Sample = Readonly<Record<string, unknown>>;
