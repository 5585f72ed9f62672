import { byUnique, type Sample } from '../sample';

/** Sample records of "doctors" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    name: 'Dr. Farhana Rahman',
    title: 'Consultant Cardiologist',
    doctor_department: byUnique('department_code', 'CARD'),
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
    doctor_department: byUnique('department_code', 'OPH'),
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
    doctor_department: byUnique('department_code', 'PED'),
    degrees: [{ degree_name: 'MBBS', institiute: 'Sir Salimullah Medical College' }],
    experience: [],
    appointment: [{ days: 'Mon, Wed', times: '09:00-13:00' }],
    contact: [],
  },
];

export default samples;
