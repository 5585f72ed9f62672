import type { ResourceDescriptor } from './types';

export const doctors = {
  name: 'doctors',
  api: { prefix: 'doctors', body: 'multipart' },
  table: 'doctor',
  idField: 'id',
  statusField: 'status',
  titleField: 'name',
  menu: { group: 'doctors', icon: 'MedicalServices', aliases: ['/doctorss'], position: 10 },
  dialog: 'xl',
  fields: [
    { name: 'picture', kind: 'image', list: true, thumbnail: [80, 80] },
    { name: 'name', kind: 'text', required: true, list: true, search: true, maxLength: 150 },
    { name: 'title', kind: 'text', required: true, list: true, search: true, maxLength: 200 },
    {
      name: 'doctor_department',
      kind: 'reference',
      reference: 'department',
      embedAs: 'department',
      required: true,
      list: true,
      filter: true,
    },
    { name: 'short_description', kind: 'richText', wide: true },
    { name: 'description', kind: 'richText', wide: true },
    {
      name: 'degrees',
      kind: 'rows',
      wide: true,
      of: [
        { name: 'degree_name', kind: 'text', required: true },
        { name: 'institiute', kind: 'text', required: true },
      ],
    },
    {
      name: 'experience',
      kind: 'rows',
      wide: true,
      of: [
        { name: 'designation', kind: 'text', required: true },
        { name: 'organigation', kind: 'text', required: true },
        { name: 'durations', kind: 'text', required: true },
      ],
    },
    {
      name: 'appointment',
      kind: 'rows',
      wide: true,
      of: [
        { name: 'days', kind: 'text', required: true },
        { name: 'times', kind: 'text', required: true },
      ],
    },
    {
      name: 'contact',
      kind: 'rows',
      wide: true,
      of: [
        { name: 'phone', kind: 'phone', required: true },
        { name: 'email', kind: 'email', required: true },
      ],
    },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      name: 'Dr. Farhana Rahman',
      title: 'Consultant Cardiologist',
      doctor_department: 'CARD',
      picture: 'Dr. Farhana',
      short_description: '<p>Interventional cardiology, 15 years of practice.</p>',
      degrees: [
        { degree_name: 'MBBS', institiute: 'Dhaka Medical College' },
        { degree_name: 'FCPS (Cardiology)', institiute: 'BCPS' },
      ],
      experience: [{ designation: 'Senior Consultant', organigation: 'National Heart Foundation', durations: '2012-2020' }],
      appointment: [{ days: 'Sun, Tue, Thu', times: '17:00-21:00' }],
      contact: [{ phone: '+880 1711 000111', email: 'farhana.rahman@hospital.local' }],
    },
    {
      name: 'Dr. Tanvir Hossain',
      title: 'Eye Specialist & Surgeon',
      doctor_department: 'OPH',
      picture: 'Dr. Tanvir',
      degrees: [
        { degree_name: 'MBBS', institiute: 'Chittagong Medical College' },
        { degree_name: 'MS (Ophthalmology)', institiute: 'BSMMU' },
      ],
      experience: [{ designation: 'Assistant Professor', organigation: 'Chittagong Eye Infirmary', durations: '2016-present' }],
      appointment: [{ days: 'Sat-Wed', times: '10:00-14:00' }],
      contact: [{ phone: '+880 1811 222333', email: 'tanvir.hossain@hospital.local' }],
    },
    {
      name: 'Dr. Nusrat Jahan',
      title: 'Paediatrician',
      doctor_department: 'PED',
      degrees: [{ degree_name: 'MBBS', institiute: 'Sir Salimullah Medical College' }],
      experience: [],
      appointment: [{ days: 'Mon, Wed', times: '09:00-13:00' }],
      contact: [],
    },
  ],
} as const satisfies ResourceDescriptor;
