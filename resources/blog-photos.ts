import type { ResourceDescriptor } from './types';

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
  fields: [
    {
      name: 'thumbnail',
      kind: 'image',
      list: true,
      thumbnail: [120, 80],
      recommended: { field: 'type', when: { Slider: [1280, 720] }, otherwise: [640, 360] },
    },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', wide: true },
    { name: 'type', kind: 'choice', choices: ['Slider', 'Campaign'], required: true, list: true, filter: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Welcome to Green Life Medical Hospital',
      description: 'Our main building on Road 11, Dhanmondi.',
      type: 'Slider',
      thumbnail: 'Hospital front',
    },
    {
      title: 'State-of-the-art cardiac catheterisation lab',
      description: 'The new cath lab opened in January.',
      type: 'Slider',
      thumbnail: 'Cath lab',
    },
    {
      title: 'Free diabetes screening camp, Mirpur',
      description: 'Over 600 people were screened for blood sugar and blood pressure.',
      type: 'Campaign',
      thumbnail: 'Diabetes camp',
    },
    {
      title: 'Blood donation drive with Sandhani',
      description: 'Students and staff donated 140 bags of blood.',
      type: 'Campaign',
      thumbnail: 'Blood drive',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
