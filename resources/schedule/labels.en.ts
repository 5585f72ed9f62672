import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "schedule". */
export default {
  name: 'Schedule |||| Schedules',
  menu: 'Schedules',
  fields: {
    ...publishingLabels.en,
    hospital: 'Hospital',
    day: 'Day',
    visiting_hours: 'Visiting Hours',
    url: 'URL',
    logo: 'Logo',
    status: 'Status',
  },
} satisfies ResourceLabels;
