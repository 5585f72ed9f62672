/**
 * A descriptor's icon is a typed name (resources/icons.ts): naming an icon the console does not
 * have fails the type check. Nothing here runs; `npm run typecheck` compiles it, and each
 * `@ts-expect-error` fails the check if its line stops being an error.
 */
import type { ResourceDescriptor } from '../../resources';
import type { IconName } from '../../resources/icons';

type Menu = ResourceDescriptor['menu'];

export const known: Menu = { group: 'laboratory', icon: 'Science' };

// @ts-expect-error -- 'Telescope' is no icon of resources/icons.ts
export const unknown: Menu = { group: 'laboratory', icon: 'Telescope' };

/** A name read from data (a menu row, a folder loaded at run time) is a plain string. */
declare const fromData: string;
// @ts-expect-error -- nor is a plain string: a name from data must be checked first (isIconName)
export const untyped: IconName = fromData;
