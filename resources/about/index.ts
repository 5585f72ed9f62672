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
    { name: 'title', kind: 'text', personal: 'none', required: true },
    { name: 'sub_title', kind: 'text', personal: 'none' },
    { name: 'description', kind: 'longText', personal: 'none', wide: true },
    { name: 'short_description', kind: 'longText', personal: 'none', wide: true },
    { name: 'description_quote', kind: 'longText', personal: 'none', wide: true },
    {
      name: 'why_choose_us',
      kind: 'rows',
      personal: 'none',
      wide: true,
      of: [
        { name: 'title', kind: 'text', required: true },
        { name: 'description', kind: 'longText', required: true },
      ],
    },
    { name: 'appointment_phone', kind: 'phone', personal: 'none' },
    { name: 'others_phone', kind: 'phone', personal: 'none' },
    { name: 'appointment_email', kind: 'email', personal: 'none' },
    { name: 'others_email', kind: 'email', personal: 'none' },
    { name: 'address', kind: 'longText', personal: 'none' },
    { name: 'about_video', kind: 'url', personal: 'none' },
    { name: 'facebook_link', kind: 'url', personal: 'none' },
    { name: 'twitter_link', kind: 'url', personal: 'none' },
    { name: 'linkedin_link', kind: 'url', personal: 'none' },
    { name: 'youtube_link', kind: 'url', personal: 'none' },
    { name: 'logo', kind: 'image', personal: 'none', recommended: [250, 120], thumbnail: [80, 80] },
    { name: 'logo_icon', kind: 'image', personal: 'none', recommended: [250, 120], thumbnail: [80, 80] },
    { name: 'picture_1', kind: 'image', personal: 'none', recommended: [865, 741] },
    { name: 'picture_2', kind: 'image', personal: 'none', recommended: [570, 764] },
    ...publishingFields,
  ],
} as const satisfies ResourceDescriptor;

export default about;
