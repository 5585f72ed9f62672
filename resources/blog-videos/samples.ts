import type { Sample } from '../sample';

/** Sample records of "blog-videos" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
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
];

export default samples;
