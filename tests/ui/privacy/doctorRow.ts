import { registry } from '../../../resources';
import { listHandlers } from '../../msw/contract';

/** A doctor's list of one person (Dr. Nasrin Akter, id 4) and its department, for the privacy buttons' tests. */
export const doctors = registry.get('doctors');
const department = registry.get('department');
const rows = [
  {
    id: 4,
    name: 'Dr. Nasrin Akter',
    title: 'Eye surgeon',
    doctor_department: 1,
    department: { id: 1, department_name: 'Eye Care' },
    status: 1,
  },
];

/** The msw handlers of that list and of its department. */
export const doctorListHandlers = () => [
  ...listHandlers(doctors, rows),
  ...listHandlers(department, [{ department_id: 1, department_code: 'EYE', department_name: 'Eye Care', department_status: 1 }]),
];
