import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const blogPhotos = {
  name: 'blog-photos',
  api: { prefix: 'blogs', entity: 'blog-photos', body: 'multipart' },
  table: 'blog_photo',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'blogs', icon: 'PhotoLibrary', aliases: ['/blogs/blog-photos', '/photo-gallery'], position: 61 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'description', 'type', 'thumbnail', 'status'],
  ...scheduledContent,
  fields: [
    {
      name: 'thumbnail',
      kind: 'image',
      personal: 'none',
      list: true,
      thumbnail: [120, 80],
      recommended: { field: 'type', when: { Slider: [1280, 720] }, otherwise: [640, 360] },
    },
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', personal: 'none', wide: true },
    { name: 'type', kind: 'choice', personal: 'none', choices: ['Slider', 'Campaign'], required: true, list: true, filter: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default blogPhotos;
