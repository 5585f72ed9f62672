import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const blogVideos = {
  name: 'blog-videos',
  api: { prefix: 'blogs', entity: 'blog-videos', body: 'multipart' },
  table: 'blog_video',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'blogs', icon: 'VideoLibrary', aliases: ['/blogs', '/blogs/blog-videos', '/video-gallery'], position: 60 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'video_link', 'thumbnail', 'status'],
  ...scheduledContent,
  fields: [
    { name: 'thumbnail', kind: 'image', personal: 'none', list: true, thumbnail: [120, 80], linkTo: 'video_link' },
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'video_link', kind: 'url', personal: 'none', required: true, search: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default blogVideos;
