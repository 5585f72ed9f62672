import type { ResourceDescriptor } from './types';

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
  fields: [
    { name: 'thumbnail', kind: 'image', list: true, thumbnail: [120, 80], linkTo: 'video_link' },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'video_link', kind: 'url', required: true, search: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Warning signs of a heart attack',
      video_link: 'https://www.youtube.com/watch?v=Xc9mHp2Lq4E',
      thumbnail: 'Heart attack signs',
    },
    { title: 'A tour of our new cardiac ICU', video_link: 'https://www.youtube.com/watch?v=R7tKd0vBn3s', thumbnail: 'Cardiac ICU' },
    {
      title: 'Dengue fever: prevention and care at home',
      video_link: 'https://www.youtube.com/watch?v=Dg5vW1aZy8Q',
      thumbnail: 'Dengue care',
    },
    {
      title: 'World Sight Day 2023 free eye camp',
      video_link: 'https://www.youtube.com/watch?v=Ey3cMp6Tq1U',
      thumbnail: 'Eye camp',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
