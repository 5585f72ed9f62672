import type { ResourceDescriptor } from '../types';
import { publishingFields, scheduledContent } from '../publishing';

export const about = {
  name: 'about',
  api: { prefix: 'about', body: 'multipart' },
  table: 'about',
  idField: 'id',
  titleField: 'title',
  singleton: true,
  menu: { group: 'website', icon: 'Info', home: true, aliases: ['/home'], position: 50 },
  ...scheduledContent,
  fields: [
    { name: 'title', kind: 'text', required: true },
    { name: 'sub_title', kind: 'text' },
    { name: 'description', kind: 'longText', wide: true },
    { name: 'short_description', kind: 'longText', wide: true },
    { name: 'description_quote', kind: 'longText', wide: true },
    {
      name: 'why_choose_us',
      kind: 'rows',
      wide: true,
      of: [
        { name: 'title', kind: 'text', required: true },
        { name: 'description', kind: 'longText', required: true },
      ],
    },
    { name: 'appointment_phone', kind: 'phone' },
    { name: 'others_phone', kind: 'phone' },
    { name: 'appointment_email', kind: 'email' },
    { name: 'others_email', kind: 'email' },
    { name: 'address', kind: 'longText' },
    { name: 'about_video', kind: 'url' },
    { name: 'facebook_link', kind: 'url' },
    { name: 'twitter_link', kind: 'url' },
    { name: 'linkedin_link', kind: 'url' },
    { name: 'youtube_link', kind: 'url' },
    { name: 'logo', kind: 'image', recommended: [250, 120], thumbnail: [80, 80] },
    { name: 'logo_icon', kind: 'image', recommended: [250, 120], thumbnail: [80, 80] },
    { name: 'picture_1', kind: 'image', recommended: [865, 741] },
    { name: 'picture_2', kind: 'image', recommended: [570, 764] },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default about;
