import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const heroSection = {
  name: 'hero-section',
  api: { prefix: 'hero-section', body: 'multipart' },
  table: 'hero_section',
  idField: 'id',
  titleField: 'title_1',
  singleton: true,
  menu: { group: 'website', icon: 'ViewCarousel', position: 51 },
  ...scheduledContent,
  fields: [
    { name: 'title_1', kind: 'text', personal: 'none', required: true },
    { name: 'title_2', kind: 'text', personal: 'none' },
    { name: 'specialist', kind: 'text', personal: 'none' },
    { name: 'main_picture', kind: 'image', personal: 'none', recommended: [1071, 934] },
    { name: 'left_picture', kind: 'image', personal: 'none', recommended: [448, 557] },
    { name: 'right_picture', kind: 'image', personal: 'none', recommended: [279, 359] },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default heroSection;
