import type { Sample } from '../sample';

/** Sample records of "ot" (its descriptor is index.ts), inserted at first start for a demo (server-only: the console never imports it). */
const samples: readonly Sample[] = [
  {
    title: 'Modular Cardiac Operation Theatre',
    picture: 'Cardiac OT',
    short_description: 'Laminar air-flow theatre for open-heart and bypass surgery.',
    description:
      '<p>HEPA-filtered laminar air flow, heart-lung machine and intra-aortic balloon pump. <strong>Open 24/7</strong> for emergency cardiac surgery.</p>',
  },
  {
    title: 'Ophthalmic Micro-surgery Theatre',
    picture: 'Eye OT',
    short_description: 'Phaco cataract, glaucoma and retina surgery.',
    description: '<p>Equipped with a Zeiss operating microscope and phacoemulsification system.</p>',
  },
  {
    title: 'General & Laparoscopic Surgery Theatre',
    picture: 'Laparoscopic OT',
    short_description: 'Keyhole surgery for gallbladder, appendix and hernia.',
    description: '<p>Full HD laparoscopic tower with day-care discharge for most procedures.</p>',
  },
  {
    title: 'Obstetric Theatre',
    picture: 'Obstetric OT',
    short_description: 'Caesarean section and emergency obstetric care.',
    description: '<p>Adjacent to the labour ward and the neonatal intensive care unit.</p>',
    status: 0,
  },
];

export default samples;
