import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "doctors" and of its menu group. */
export default {
  name: 'Médico |||| Médicos',
  menu: 'Médicos',
  fields: {
    ...publishingLabels.es,
    picture: 'Foto',
    name: 'Nombre',
    title: 'Título',
    doctor_department: 'Departamento',
    short_description: 'Descripción breve',
    description: 'Descripción',
    degrees: 'Titulaciones',
    degree_name: 'Titulación',
    institiute: 'Institución',
    experience: 'Experiencia',
    designation: 'Cargo',
    organigation: 'Organización',
    durations: 'Duración',
    appointment: 'Consultas',
    days: 'Días',
    times: 'Horario',
    contact: 'Contacto',
    phone: 'Teléfono',
    email: 'Correo electrónico',
    status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "doctors" menu group's name. */
export const menuGroup = 'Médicos';
