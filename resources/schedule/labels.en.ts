import type { ResourceLabels } from '../labels';

/** English labels of "schedule". */
export default {
  name: 'Schedule |||| Schedules',
  menu: 'Schedules',
  fields: {
    hospital: 'Hospital',
    day: 'Day',
    visiting_hours: 'Visiting Hours',
    url: 'URL',
    logo: 'Logo',
    status: 'Status',
  },
} satisfies ResourceLabels;
