import type { ResourceDescriptor } from './types';
import { notification } from './notification';
import { menu } from './menu';

/**
 * Declared resources the server serves and writes through its one path without a generated
 * console screen (each has its own): not in `descriptors`, so no generated screen, menu entry,
 * bulk or spreadsheet route.
 */
export const servedBesides: readonly ResourceDescriptor[] = [notification, menu];
