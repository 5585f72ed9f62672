import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** English labels of "doctors" and of its menu group. */
export default {
  name: 'Doctor |||| Doctors',
  menu: 'Doctors',
  fields: {
    ...publishingLabels.en,
    picture: 'Picture',
    name: 'Name',
    title: 'Title',
    doctor_department: 'Department',
    short_description: 'Short Description',
    description: 'Description',
    degrees: 'Degrees',
    degree_name: 'Degree Name',
    institiute: 'Institute',
    experience: 'Experience',
    designation: 'Designation',
    organigation: 'Organization',
    durations: 'Duration',
    appointment: 'Appointment',
    days: 'Days',
    times: 'Times',
    contact: 'Contact',
    phone: 'Phone',
    email: 'Email',
    status: 'Status',
  },
} satisfies ResourceLabels;

/** The "doctors" menu group's name. */
export const menuGroup = 'Doctors';
